import { Button } from './button';

/** A filter bar's buttons: apply the draft (the form's submit), or clear every filter. */
export function FilterBarActions({ onClear }: { onClear: () => void }) {
  return (
    <div className="row">
      <Button type="submit" variant="primary" size="small">
        Apply filters
      </Button>
      <Button size="small" variant="ghost" onClick={onClear}>
        Clear
      </Button>
    </div>
  );
}

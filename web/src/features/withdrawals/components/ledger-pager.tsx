import { Button } from '#web/components/ui/button';

/** The ledger's pages: the rows shown, Previous and Next (cursors only go forward). */
export function LedgerPager({
  range,
  onPrevious,
  onNext,
}: {
  /** "Rows 51 to 100". */
  range: string;
  /** Undefined: there is no page in that direction (the button is off). */
  onPrevious: (() => void) | undefined;
  onNext: (() => void) | undefined;
}) {
  return (
    <nav className="pager" aria-label="Pages">
      <span className="pager__range" aria-live="polite">
        {range}
      </span>
      <span className="row">
        <Button size="small" disabled={!onPrevious} onClick={onPrevious}>
          Previous
        </Button>
        <Button size="small" disabled={!onNext} onClick={onNext}>
          Next
        </Button>
      </span>
    </nav>
  );
}

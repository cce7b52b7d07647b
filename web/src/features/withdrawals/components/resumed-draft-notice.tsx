import { Button } from '#web/components/ui/button';
import { Notice } from '#web/components/ui/notice';

/** An abandoned draft reopened from this tab: said, with a way to discard it. */
export function ResumedDraftNotice({ onDiscard }: { onDiscard: () => void }) {
  return (
    <Notice tone="info" title="Resumed draft">
      <p>
        This withdrawal was started earlier in this tab and never submitted. Check every field
        before you submit it, or discard it and start again.
      </p>
      <div className="row">
        <Button onClick={onDiscard}>Discard draft</Button>
      </div>
    </Notice>
  );
}

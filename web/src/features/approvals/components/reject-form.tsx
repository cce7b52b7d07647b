import type { Dispatch, FormEvent, SetStateAction } from 'react';
import { RejectApprovalRequestSchema } from '#contract/approvals';
import { Button } from '#web/components/ui/button';
import { TextAreaField } from '#web/components/ui/text-area-field';

/** The reason as typed and its error: kept by the parent, so closing the form does not lose it. */
export interface RejectDraft {
  reason: string;
  error?: string | undefined;
}

interface RejectFormProps {
  draft: [RejectDraft, Dispatch<SetStateAction<RejectDraft>>];
  /** The reason's error from the server, if it refused the last one. */
  serverError: string | undefined;
  /** A decision is on its way: `busy` when it is this rejection. */
  pending: boolean;
  busy: boolean;
  onReject: (reason: string) => void;
  onKeep: () => void;
}

/** Rejecting needs a reason the initiator will read: checked by the contract before it goes. */
export function RejectForm({
  draft: [{ reason, error }, setDraft],
  serverError,
  pending,
  busy,
  onReject,
  onKeep,
}: RejectFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RejectApprovalRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setDraft({ reason, error: parsed.error.issues[0]?.message ?? 'Say why' });
      return;
    }
    setDraft({ reason });
    onReject(parsed.data.reason);
  };
  return (
    <form className="stack" aria-label="Reject the request" onSubmit={submit} noValidate>
      <TextAreaField
        label="Why reject it"
        required
        hint="The initiator reads this; it is kept in the request's history."
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => setDraft((draft) => ({ ...draft, reason: e.target.value }))}
        error={error ?? serverError}
        autoFocus
      />
      <div className="row">
        <Button type="submit" variant="danger" busy={busy}>
          Reject
        </Button>
        <Button variant="ghost" disabled={pending} onClick={onKeep}>
          Keep it pending
        </Button>
      </div>
    </form>
  );
}

import { Notice } from '#web/components/ui/notice';

/** A short flag for tables: the created transfer does not match what was asked for. */
export function TransferMismatchBadge({ fields }: { fields: readonly string[] | undefined }) {
  if (!fields || fields.length === 0) return null;
  return (
    <span className="badge badge--danger" title={`Differs in: ${fields.join(', ')}`}>
      Does not match request
    </span>
  );
}

/**
 * The service answered "created" with a transfer that is not what this console asked for
 * (another ref_id, amount, destination...). Recorded as created, never resent; a person must
 * look at it with the service.
 */
export function TransferMismatchNotice({ fields }: { fields: readonly string[] | undefined }) {
  if (!fields || fields.length === 0) return null;
  return (
    <Notice tone="danger" role="alert" title="The created transfer does not match the request">
      <p>
        The service created this withdrawal, but its answer differs from what was sent in:{' '}
        <strong>{fields.join(', ')}</strong>. Compare the request and the transfer below and raise
        it with the service before anything else is sent for it. Do not resubmit it.
      </p>
    </Notice>
  );
}

import { Link } from 'react-router';
import type { ApprovalRequest, HeldForApprovalResponse } from '#contract/approvals';
import { isBookChange } from '#web/shared/approvals/address-change-words';
import { Notice } from '#web/components/ui/notice';

/** What the last approval did: sent (created, refused or unknown), or saved for an address. */
export function SubmissionNotice({
  request,
  answer,
}: {
  request: ApprovalRequest;
  answer: HeldForApprovalResponse;
}) {
  const submission = answer.submission;
  if (!submission) return null;
  if (request.kind === 'address')
    return (
      <AddressSubmissionNotice
        submission={submission}
        bookChange={isBookChange(request.address?.change)}
      />
    );
  const ledger = (
    <Link to={`/withdrawals/${encodeURIComponent(request.target)}`}>Open in the ledger</Link>
  );
  if (submission.outcome === 'created')
    return (
      <Notice tone="success" role="status" title="Approved and sent: transfer created">
        The last approval sent the withdrawal to the service, once, with its ref_id. {ledger}
      </Notice>
    );
  const detail =
    typeof submission.problem?.detail === 'string' ? submission.problem.detail : undefined;
  if (submission.outcome === 'refused')
    return (
      <Notice tone="danger" role="alert" title="Approved, but the service refused it">
        {detail ?? 'The service refused the withdrawal.'} {ledger}
      </Notice>
    );
  return (
    <Notice tone="warning" role="alert" title="Approved: outcome unknown, not failed">
      {detail ?? 'The answer of the service was lost.'} Checking it again in the ledger sends the
      same ref_id, so it can never create a second transfer. {ledger}
    </Notice>
  );
}

/** What the last approval of an address change did at the service: saved, refused or unknown. */
function AddressSubmissionNotice({
  submission,
  bookChange,
}: {
  submission: NonNullable<HeldForApprovalResponse['submission']>;
  /** A change of the console's own book (the memo, the archive): nothing went to the service. */
  bookChange: boolean;
}) {
  const book = <Link to="/addresses">Open the address book</Link>;
  if (submission.outcome === 'created')
    return (
      <Notice tone="success" role="status" title="Approved and saved">
        {bookChange
          ? 'The last approval changed the address book (nothing was sent to the service).'
          : 'The last approval saved the address at the service; it is in the address book.'}{' '}
        {book}
      </Notice>
    );
  if (bookChange)
    return (
      <Notice tone="danger" role="alert" title="Approved, but not made">
        {typeof submission.problem?.detail === 'string'
          ? submission.problem.detail
          : 'The address book did not take the change.'}{' '}
        {book}
      </Notice>
    );
  const detail =
    typeof submission.problem?.detail === 'string' ? submission.problem.detail : undefined;
  if (submission.outcome === 'refused')
    return (
      <Notice tone="danger" role="alert" title="Approved, but the service refused it">
        {detail ?? 'The service refused the address.'} Nothing was saved.
      </Notice>
    );
  return (
    <Notice tone="warning" role="alert" title="Approved: outcome unknown">
      {detail ?? 'The answer of the service was lost.'} Saving the same address again is safe: it
      updates the saved one, it never adds a second. {book}
    </Notice>
  );
}

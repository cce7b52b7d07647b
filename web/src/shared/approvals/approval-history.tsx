import type { ApprovalEvent } from '#contract/approvals';
import { DateTime } from '#web/components/ui/date-time';
import './approval-history.css';

/** What each event of a request's history says happened (unknown kinds show as received). */
const EVENT_WORDS: Record<string, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  expired: 'Expired',
  sent: 'Sent to the service',
};

interface ApprovalHistoryProps {
  history: readonly ApprovalEvent[];
}

/** Who did what and when to an approval request, oldest first. */
export function ApprovalHistory({ history }: ApprovalHistoryProps) {
  if (history.length === 0) return <p className="muted">No events recorded.</p>;
  return (
    <ol className="approval-history">
      {history.map((event, index) => (
        <li key={`${event.kind}-${event.at}-${index}`} className="approval-history__event">
          <strong>{EVENT_WORDS[event.kind] ?? event.kind}</strong>{' '}
          <span className="muted">
            {event.operator ? `by ${event.operator.name} · ` : 'by the console · '}
            <DateTime value={event.at} />
          </span>
          {event.signed_with && (
            <span className="approval-history__signed" title={event.signed_with.credential_id}>
              {' '}
              · signed with {event.signed_with.key_name}
            </span>
          )}
          {event.reason && <p className="approval-history__text">Reason: {event.reason}</p>}
          {/* A bare "sent" (an address saved) says no more than the event's own words. */}
          {event.detail && event.detail !== 'sent' && (
            <p className="approval-history__text">{event.detail}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

import { useCountdown } from '#web/lib/use-countdown';
import { RefusalNotice, RefusalReason, type OutcomeNoticeProps } from './refusal-notice';

type ServiceErrorNoticeProps = OutcomeNoticeProps<'error'>;

/** Any other answer (5xx, 429...): said as the server said it; a retry keeps the ref_id. */
export function ServiceErrorNotice({ outcome, actions }: ServiceErrorNoticeProps) {
  return (
    <RefusalNotice tone="danger" title={outcome.title} actions={actions}>
      <RefusalReason detail={outcome.detail} fallback={`The server answered ${outcome.status}`}>
        Trying again sends the same ref_id, so it can never create a second transfer.
      </RefusalReason>
      {outcome.retryAfter !== undefined && <RetryCountdown seconds={outcome.retryAfter} />}
    </RefusalNotice>
  );
}

/** A 429's Retry-After as a live countdown, so the operator knows when a retry can go. */
function RetryCountdown({ seconds }: { seconds: number }) {
  const left = useCountdown(seconds);
  return (
    <p className="retry-countdown" aria-live="polite">
      {left > 0 ? `Too many requests: you can try again in ${left} s.` : 'You can try again now.'}
    </p>
  );
}

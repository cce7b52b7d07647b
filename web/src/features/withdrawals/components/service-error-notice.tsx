import type { ReactNode } from 'react';
import { Notice } from '#web/components/ui/notice';
import { useCountdown } from '#web/lib/use-countdown';
import { outcomeSentence } from '../lib/outcome-sentence';
import type { WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { OutcomeActions } from './outcome-actions';

interface ServiceErrorNoticeProps {
  outcome: Extract<WithdrawalOutcome, { kind: 'error' }>;
  actions?: ReactNode;
}

/** Any other answer (5xx, 429...): said as the server said it; a retry keeps the ref_id. */
export function ServiceErrorNotice({ outcome, actions }: ServiceErrorNoticeProps) {
  return (
    <Notice tone="danger" role="alert" title={outcome.title}>
      <p>
        {outcomeSentence(outcome.detail ?? `The server answered ${outcome.status}`)} Trying again
        sends the same ref_id, so it can never create a second transfer.
      </p>
      {outcome.retryAfter !== undefined && <RetryCountdown seconds={outcome.retryAfter} />}
      <OutcomeActions actions={actions} />
    </Notice>
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

import type { ReactNode } from 'react';
import { Notice } from '#web/components/ui/notice';
import type { UnknownReach, WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { OutcomeActions } from './outcome-actions';

const UNKNOWN_LEAD: Record<UnknownReach, string> = {
  'console-unreachable':
    'The console could not reach its server, so it cannot tell whether the request arrived',
  'service-unreachable':
    'The console’s server could not reach the withdrawal service: the request most likely never arrived, but that cannot be proven',
  sent: 'The request left, but its answer was lost',
};

interface UnknownOutcomeNoticeProps {
  outcome: Extract<WithdrawalOutcome, { kind: 'unknown' }>;
  refId?: string | undefined;
  actions?: ReactNode;
}

/** The answer was lost: never "failed"; how far the request got, and why checking again is safe. */
export function UnknownOutcomeNotice({ outcome, refId, actions }: UnknownOutcomeNoticeProps) {
  return (
    <Notice tone="warning" role="alert" title="Outcome unknown: not failed">
      <p>
        {UNKNOWN_LEAD[outcome.reach ?? 'sent']}
        {outcome.detail ? `: ${outcome.detail.replace(/\.$/, '')}` : ''}.{' '}
        {outcome.reach === 'sent' || outcome.reach === undefined
          ? 'The withdrawal may have been created. '
          : ''}
        Checking again sends the same ref_id
        {refId ? (
          <>
            {' '}
            (<code>{refId}</code>)
          </>
        ) : null}
        , so the upstream either reports the transfer it already made or makes it once: it never
        creates a second one. Do not start a new withdrawal for this payment.
      </p>
      <OutcomeActions actions={actions} />
    </Notice>
  );
}

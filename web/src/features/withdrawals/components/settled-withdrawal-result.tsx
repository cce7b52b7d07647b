import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '#web/components/ui/button';
import type { WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { HeldWithdrawalResult } from './held-withdrawal-result';
import { WithdrawalOutcomePanel } from './withdrawal-outcome-panel';

/** The outcomes that end this tab's intent: created, or held for approval (its ref_id is fixed). */
type SettledOutcome = Extract<WithdrawalOutcome, { kind: 'created' | 'awaiting_approval' }>;

export const isSettled = (outcome: WithdrawalOutcome | undefined): outcome is SettledOutcome =>
  outcome?.kind === 'created' || outcome?.kind === 'awaiting_approval';

interface SettledWithdrawalResultProps {
  outcome: SettledOutcome;
  focusRef: RefObject<HTMLDivElement | null>;
  onStartOver: () => void;
}

/** The page in place of the form once the intent is over: the result, and what comes next. */
export function SettledWithdrawalResult({
  outcome,
  focusRef,
  onStartOver,
}: SettledWithdrawalResultProps) {
  const ledgerRef =
    outcome.kind === 'created' ? outcome.transfer.ref_id || undefined : outcome.approval.target;
  const actions = (
    <>
      <Button variant="primary" onClick={onStartOver}>
        Start another withdrawal
      </Button>
      {ledgerRef !== undefined && (
        <Link
          className={buttonClassName('secondary')}
          to={`/withdrawals/${encodeURIComponent(ledgerRef)}`}
        >
          Open in the ledger
        </Link>
      )}
    </>
  );
  return (
    <div ref={focusRef} tabIndex={-1} className="outcome-focus">
      {outcome.kind === 'created' ? (
        <WithdrawalOutcomePanel outcome={outcome} actions={actions} />
      ) : (
        <HeldWithdrawalResult approval={outcome.approval} actions={actions} />
      )}
    </div>
  );
}

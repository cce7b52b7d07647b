import { useState } from 'react';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { createSubmitWithdrawalRequestSchema } from '#contract/withdrawals';
import { Button } from '#web/components/ui/button';
import { Notice } from '#web/components/ui/notice';
import { useHasRole, useMe } from '#web/lib/session';
import { useSubmitWithdrawal } from '../api/withdrawal-api';
import type { WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { WithdrawalOutcomePanel } from './withdrawal-outcome-panel';

/**
 * Resends the recorded request with its ref_id: the upstream makes at most one transfer. The same
 * submit as the new withdrawal's (one mutation), so a 401 here ends the session like anywhere.
 */
export function CheckAgain({ record }: { record: WithdrawalRecord }) {
  const canInitiate = useHasRole('withdrawal-initiator');
  const allowTestnet = useMe().environment.allow_testnet;
  const { submit, sending } = useSubmitWithdrawal();
  const [outcome, setOutcome] = useState<WithdrawalOutcome | undefined>();
  const body = createSubmitWithdrawalRequestSchema({ allowTestnet }).safeParse({
    ...record.request,
    ref_id: record.ref_id,
  });
  const check = async () => {
    if (!body.success) return;
    // Undefined: a second click while one is out, or the session ended (its screen shows).
    const answer = await submit(body.data);
    if (answer) setOutcome(answer);
  };
  if (outcome) return <WithdrawalOutcomePanel outcome={outcome} refId={record.ref_id} />;
  return (
    <Notice tone="warning" title="Outcome unknown: not failed">
      <p>
        The answer to this withdrawal was lost; it may have been created. Checking again resends it
        with the same ref_id, which never creates a second transfer.
      </p>
      {canInitiate && body.success && (
        <div className="row outcome-actions">
          <Button variant="primary" onClick={() => void check()} busy={sending}>
            Check again
          </Button>
        </div>
      )}
    </Notice>
  );
}

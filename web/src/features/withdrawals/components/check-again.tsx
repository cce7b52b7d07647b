import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { Button } from '#web/components/ui/button';
import { Notice } from '#web/components/ui/notice';
import { useHasRole } from '#web/lib/session';
import { useResendRecord } from '../lib/use-resend-record';
import { WithdrawalOutcomePanel } from './withdrawal-outcome-panel';

/**
 * Resends the recorded request with its ref_id: the upstream makes at most one transfer. The same
 * submit as the new withdrawal's (one mutation), so a 401 here ends the session like anywhere.
 */
export function CheckAgain({ record }: { record: WithdrawalRecord }) {
  const canInitiate = useHasRole('withdrawal-initiator');
  const { canSend, resend, sending, outcome } = useResendRecord(record);
  if (outcome) return <WithdrawalOutcomePanel outcome={outcome} refId={record.ref_id} />;
  return (
    <Notice tone="warning" title="Outcome unknown: not failed">
      <p>
        The answer to this withdrawal was lost; it may have been created. Checking again resends it
        with the same ref_id, which never creates a second transfer.
      </p>
      {canInitiate && canSend && (
        <div className="row outcome-actions">
          <Button variant="primary" onClick={() => void resend()} busy={sending}>
            Check again
          </Button>
        </div>
      )}
    </Notice>
  );
}

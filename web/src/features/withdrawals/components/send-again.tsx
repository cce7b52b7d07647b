import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { Button } from '#web/components/ui/button';
import { useHasRole } from '#web/lib/session';
import { sendAgainOf } from '../lib/send-again';
import { useResendRecord } from '../lib/use-resend-record';
import { WithdrawalOutcomePanel } from './withdrawal-outcome-panel';

const WHY_NOT = {
  'approval-spent':
    'It was refused after its approval, and that approval was spent by the send: to try again, start it as a new withdrawal (a new ref_id), held for a new approval.',
  'request-must-change':
    'The service refused the request as written (its fields or its fee quote): sending the same request again would be refused again. Start a new withdrawal with the fix.',
} as const;

/**
 * Under a refused record: "Send again with the same ref_id" where that is safe (sendAgainOf), the
 * recorded request through the one submit mutation (the BFF's gate and submitter, as a first
 * submit); otherwise why not. The outcome shows in its place.
 */
export function SendAgain({ record }: { record: WithdrawalRecord }) {
  const canInitiate = useHasRole('withdrawal-initiator');
  const { canSend, resend, sending, outcome } = useResendRecord(record);
  const verdict = sendAgainOf(record);
  if (!verdict.offer) return verdict.why === 'not-refused' ? null : <p>{WHY_NOT[verdict.why]}</p>;
  if (outcome) return <WithdrawalOutcomePanel outcome={outcome} refId={record.ref_id} />;
  return (
    <>
      <p>
        The refusal means the service created nothing under this ref_id, so the same withdrawal may
        go again with it once the cause is fixed (for example the Travel Rule data saved on the
        destination, or the profile funded). It is checked like a first submit: the approval policy
        and the destination rules apply.
      </p>
      {canInitiate && canSend && (
        <div className="row outcome-actions">
          <Button variant="primary" onClick={() => void resend()} busy={sending}>
            Send again with the same ref_id
          </Button>
        </div>
      )}
    </>
  );
}

import { recognizeProblem } from '#contract/problem';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';

/**
 * Whether a refused withdrawal may be sent again from the ledger with its own ref_id, or why not.
 *
 * The service creates a transfer or refuses the request; only a 409 Already Exists says one
 * exists under a ref_id (docs: /work/shared/spec/upstream-facts.md). A refusal of the withdrawal
 * itself (403: funds, Travel Rule data, identity verification, risk) leaves the ref_id unused, and
 * the published fix for the Travel Rule refusal is to add the data and retry the same withdrawal.
 * The BFF sends a refused record again through the same gate and submitter as a first submit.
 * Never offered:
 * - an approved withdrawal the service refused: its approval was spent by the send, so trying
 *   again needs a new approval under a new ref_id (the BFF refuses it too);
 * - an expired fee quote: the recorded body carries the spent fee_id, refused again (a new
 *   quote comes from the form);
 * - a 400 or 404: the request as written is refused; the same body would be again.
 */
type SendAgain =
  { offer: true } | { offer: false; why: 'not-refused' | 'approval-spent' | 'request-must-change' };

export function sendAgainOf(record: WithdrawalRecord): SendAgain {
  if (record.status !== 'refused' || record.transfer !== undefined)
    return { offer: false, why: 'not-refused' };
  if (record.approval_id !== undefined) return { offer: false, why: 'approval-spent' };
  const problem = record.problem;
  if (!problem || problem.status !== 403 || recognizeProblem(problem) === 'expired')
    return { offer: false, why: 'request-must-change' };
  return { offer: true };
}

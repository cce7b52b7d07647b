import { useState } from 'react';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { createSubmitWithdrawalRequestSchema } from '#contract/withdrawals';
import { useMe } from '#web/lib/session';
import { useSubmitWithdrawal } from '../api/withdrawal-api';
import type { WithdrawalOutcome } from './withdrawal-outcome';

/**
 * Sends a recorded request again with its ref_id (the upstream makes at most one transfer): the
 * same submit as a new withdrawal's (one mutation), so a 401 here ends the session like anywhere.
 * `canSend` is false when the record no longer passes today's request schema.
 */
export function useResendRecord(record: WithdrawalRecord) {
  const allowTestnet = useMe().environment.allow_testnet;
  const { submit, sending } = useSubmitWithdrawal();
  const [outcome, setOutcome] = useState<WithdrawalOutcome | undefined>();
  const body = createSubmitWithdrawalRequestSchema({ allowTestnet }).safeParse({
    ...record.request,
    ref_id: record.ref_id,
  });
  const resend = async () => {
    if (!body.success) return;
    // Undefined: a second click while one is out, or the session ended (its screen shows).
    const answer = await submit(body.data);
    if (answer) setOutcome(answer);
  };
  return { canSend: body.success, resend, sending, outcome };
}

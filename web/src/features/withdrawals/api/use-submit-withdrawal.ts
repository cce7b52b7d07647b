import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { SubmitWithdrawalRequest } from '#contract/withdrawals';
import { isApiError } from '#web/lib/api-error';
import type { WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { submitWithdrawal, withdrawalKeys } from './withdrawal-api';

interface SubmitWithdrawal {
  /**
   * Sends the withdrawal (first submit and "Check again" alike). Answers its outcome (`not-sent`
   * when the BFF answered its own 401: the session ended, the shell shows the session-ended
   * screen in place of the page, and nothing went upstream), or undefined when nothing was sent
   * (a second click while one is out).
   */
  submit: (body: SubmitWithdrawalRequest) => Promise<WithdrawalOutcome | undefined>;
  sending: boolean;
}

/**
 * The one way the console submits a withdrawal: a mutation (so a 401 reaches the query client's
 * MutationCache and ends the session like any other call) behind a ref lock that a double click
 * cannot pass (set synchronously, before any re-render).
 */
export function useSubmitWithdrawal(): SubmitWithdrawal {
  const queryClient = useQueryClient();
  const lock = useRef(false);
  const { mutateAsync, isPending } = useMutation({
    mutationFn: submitWithdrawal,
    // The ledger changed (or may have): every list and detail reads it again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
  });
  const submit = useCallback(
    async (body: SubmitWithdrawalRequest) => {
      if (lock.current) return undefined;
      lock.current = true;
      try {
        return await mutateAsync(body);
      } catch (error) {
        // The BFF's own 401 (an upstream 401 comes back as an unknown outcome, never thrown):
        // its identity check refused the call before the route ran, so nothing was forwarded.
        if (isApiError(error) && error.status === 401) {
          const notSent: WithdrawalOutcome = { kind: 'not-sent', reason: 'session-ended' };
          return notSent;
        }
        const outcome: WithdrawalOutcome = {
          kind: 'unknown',
          detail: 'the request was interrupted',
          refId: body.ref_id,
          reach: 'sent',
        };
        return outcome;
      } finally {
        lock.current = false;
      }
    },
    [mutateAsync],
  );
  return { submit, sending: isPending };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { ApprovalRequest, HeldForApprovalResponse } from '#contract/approvals';
import {
  approvalKeys,
  decideApproval,
  type ApprovalDecision,
} from '#web/shared/approvals/approvals-api';
import { isFreshFeeQuoteKey } from './fresh-fee-quote';

/**
 * One decision on a request (approve, and with it the send; reject; cancel): a mutation, so a 401
 * ends the session like any other call, behind a lock a double click cannot pass (a second
 * Approve got a 409 and showed "Conflict" under the success; the lock is set before React has
 * disabled the button).
 */
export function useDecision(
  request: ApprovalRequest,
  onDecided: (answer: HeldForApprovalResponse) => void,
) {
  const queryClient = useQueryClient();
  const deciding = useRef(false);
  const decision = useMutation({
    mutationFn: (decided: ApprovalDecision) => decideApproval(request.id, decided),
    onSuccess: (answer) => {
      queryClient.setQueryData(approvalKeys.detail(request.id), answer.approval);
      onDecided(answer);
    },
    // The queue, the ledger and the address book may all have changed. Not the fee quote: asking
    // again would make a new quote upstream for a request already decided.
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: (query) => !isFreshFeeQuoteKey(query.queryKey) }),
  });
  const decide = (decided: ApprovalDecision) => {
    if (deciding.current) return;
    deciding.current = true;
    decision.mutate(decided, {
      onSettled: () => {
        deciding.current = false;
      },
    });
  };
  return { decision, decide };
}

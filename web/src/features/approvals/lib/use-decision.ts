import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { ApprovalRequest, HeldForApprovalResponse } from '#contract/approvals';
import {
  approvalKeys,
  decideApproval,
  type ApprovalDecision,
} from '#web/shared/approvals/approvals-api';
import { signDecision } from '#web/shared/passkeys/passkeys-api';
import { isFreshFeeQuoteKey } from './fresh-fee-quote';

/**
 * The decision as sent: signed first with the operator's passkey when `sign` (the policy requires
 * it and the operator has a key); without a key it goes unsigned, and the BFF's 403 says why.
 */
async function sendDecision(id: string, decided: ApprovalDecision, sign: boolean) {
  if (!sign || decided.action === 'cancel') return decideApproval(id, decided);
  const passkey = await signDecision(
    id,
    decided.action === 'approve'
      ? { decision: 'approve', ...(decided.fee_id !== undefined ? { fee_id: decided.fee_id } : {}) }
      : { decision: 'reject', reason: decided.reason },
  );
  return decideApproval(id, { ...decided, passkey });
}

/**
 * One decision on a request (approve, and with it the send; reject; cancel): a mutation, so a 401
 * ends the session like any other call, behind a lock a double click cannot pass (a second
 * Approve got a 409 and showed "Conflict" under the success; the lock is set before React has
 * disabled the button).
 */
export function useDecision(
  request: ApprovalRequest,
  onDecided: (answer: HeldForApprovalResponse) => void,
  sign = false,
) {
  const queryClient = useQueryClient();
  const deciding = useRef(false);
  const decision = useMutation({
    mutationFn: (decided: ApprovalDecision) => sendDecision(request.id, decided, sign),
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

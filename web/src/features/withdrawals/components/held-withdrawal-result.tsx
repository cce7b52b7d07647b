import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ApprovalRequest } from '../../../../../contract/approvals';
import { Button } from '../../../components/ui/button';
import { HeldForApprovalNotice } from '../../../components/ui/held-for-approval-notice';
import { Notice } from '../../../components/ui/notice';
import { approvalKeys, decideApproval } from '../../../lib/approvals-api';
import { isApiError } from '../../../lib/api-error';
import { withdrawalKeys } from '../api/withdrawal-api';

export interface HeldWithdrawalResultProps {
  approval: ApprovalRequest;
  /** Start another withdrawal, open in the ledger... */
  actions?: ReactNode;
}

/**
 * The result of a submit the four-eyes policy holds: awaiting approval, never "Submitted". The
 * initiator may cancel it here (the BFF allows only them); a cancelled one never reaches the
 * service.
 */
export function HeldWithdrawalResult({ approval, actions }: HeldWithdrawalResultProps) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(approval);
  const cancel = useMutation({
    mutationFn: () => decideApproval(current.id, { action: 'cancel' }),
    onSuccess: (answer) => setCurrent(answer.approval),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
        queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
      ]),
  });
  if (current.status === 'cancelled') {
    return (
      <Notice tone="info" role="status" title="Cancelled">
        <p>The withdrawal was cancelled before anyone approved it. Nothing was sent.</p>
        {actions && <div className="row outcome-actions">{actions}</div>}
      </Notice>
    );
  }
  return (
    <div className="stack">
      <HeldForApprovalNotice
        approval={current}
        subject="withdrawal"
        actions={
          <>
            {actions}
            {current.status === 'pending' && (
              <Button variant="danger" onClick={() => cancel.mutate()} busy={cancel.isPending}>
                Cancel this request
              </Button>
            )}
          </>
        }
      />
      {cancel.isError && (
        <Notice tone="danger" role="alert" title="Not cancelled">
          {isApiError(cancel.error)
            ? (cancel.error.problem.detail ?? cancel.error.problem.title)
            : 'The request could not be cancelled.'}
        </Notice>
      )}
    </div>
  );
}

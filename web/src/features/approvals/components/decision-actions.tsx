import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { ApprovalRequest, HeldForApprovalResponse } from '#contract/approvals';
import { RejectApprovalRequestSchema } from '#contract/approvals';
import { Button } from '#web/components/ui/button';
import { ConfirmButton } from '#web/components/ui/confirm-button';
import { Notice } from '#web/components/ui/notice';
import { TextAreaField } from '#web/components/ui/text-area-field';
import {
  approvalKeys,
  decideApproval,
  type ApprovalDecision,
} from '#web/shared/approvals/approvals-api';
import { isApiError } from '#web/lib/api-error';
import type { DecisionRights } from '../lib/decision-rights';
import { isFreshFeeQuoteKey } from '../lib/fresh-fee-quote';

export interface DecisionActionsProps {
  request: ApprovalRequest;
  rights: DecisionRights;
  /** The answer of the decision (the request as it now stands, the submission if it was sent). */
  onDecided: (answer: HeldForApprovalResponse) => void;
  /**
   * The fresh fee quote the approver sees, sent with the approval (when quotes are on); null: no
   * quote could be had, and the withdrawal goes without one (see approvalFeeId).
   */
  feeId?: string | null | undefined;
  /** Approve waits: the fresh fee quote is still being asked for, or it expired. */
  approveBlocked?: boolean;
}

/**
 * Approve, Reject (a reason is required) and Cancel (the initiator's own): only the buttons this
 * operator may use are offered, and the reason for the others is said.
 */
export function DecisionActions({
  request,
  rights,
  onDecided,
  feeId,
  approveBlocked = false,
}: DecisionActionsProps) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  // One decision at a time: a double click lands before React has disabled the button (a second
  // Approve got a 409 and showed "Conflict" under the success).
  const deciding = useRef(false);
  const decide = useMutation({
    mutationFn: (decision: ApprovalDecision) => decideApproval(request.id, decision),
    onSuccess: (answer) => {
      queryClient.setQueryData(approvalKeys.detail(request.id), answer.approval);
      onDecided(answer);
    },
    // The queue, the ledger and the address book may all have changed. Not the fee quote: asking
    // again would make a new quote upstream for a request already decided.
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: (query) => !isFreshFeeQuoteKey(query.queryKey) }),
  });

  const run = (decision: ApprovalDecision) => {
    if (deciding.current) return;
    deciding.current = true;
    decide.mutate(decision, {
      onSettled: () => {
        deciding.current = false;
      },
    });
  };

  const submitReject = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RejectApprovalRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? 'Say why');
      return;
    }
    setReasonError(undefined);
    run({ action: 'reject', reason: parsed.data.reason });
  };

  const problem = decide.error && isApiError(decide.error) ? decide.error.problem : undefined;
  const fieldError = problem?.errors?.find((e) => e.path === 'reason')?.message;

  return (
    <div className="stack">
      {rights.reason && (
        <Notice
          tone="info"
          title={request.status === 'pending' ? 'Not yours to decide' : 'Decided'}
        >
          {rights.reason}
        </Notice>
      )}
      {decide.isError && !fieldError && (
        <Notice tone="danger" role="alert" title={problem?.title ?? 'Not decided'}>
          {problem?.detail ?? decide.error.message}
        </Notice>
      )}
      <div className="approval-actions">
        {rights.approve && (
          <Button
            variant="primary"
            busy={decide.isPending && decide.variables?.action === 'approve'}
            disabled={decide.isPending || approveBlocked}
            onClick={() =>
              run({
                action: 'approve',
                ...(feeId !== undefined ? { fee_id: feeId } : {}),
              })
            }
          >
            Approve
          </Button>
        )}
        {rights.reject && !rejecting && (
          <Button variant="danger" disabled={decide.isPending} onClick={() => setRejecting(true)}>
            Reject…
          </Button>
        )}
        {rights.cancel && (
          <ConfirmButton
            label="Cancel my request"
            question="Cancel it? It will never be sent."
            confirmLabel="Yes, cancel it"
            keepLabel="Keep it"
            busy={decide.isPending && decide.variables?.action === 'cancel'}
            disabled={decide.isPending}
            onConfirm={() => run({ action: 'cancel' })}
          />
        )}
      </div>
      {rights.reject && rejecting && (
        <form className="stack" aria-label="Reject the request" onSubmit={submitReject} noValidate>
          <TextAreaField
            label="Why reject it"
            required
            hint="The initiator reads this; it is kept in the request's history."
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={reasonError ?? fieldError}
            autoFocus
          />
          <div className="row">
            <Button
              type="submit"
              variant="danger"
              busy={decide.isPending && decide.variables?.action === 'reject'}
            >
              Reject
            </Button>
            <Button variant="ghost" disabled={decide.isPending} onClick={() => setRejecting(false)}>
              Keep it pending
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

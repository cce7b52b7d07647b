import { useState } from 'react';
import type { ApprovalRequest, HeldForApprovalResponse } from '#contract/approvals';
import { Button } from '#web/components/ui/button';
import { ConfirmButton } from '#web/components/ui/confirm-button';
import { Notice } from '#web/components/ui/notice';
import { isApiError } from '#web/lib/api-error';
import type { DecisionRights } from '../lib/decision-rights';
import { useDecision } from '../lib/use-decision';
import { usePasskeySigning } from '../lib/use-passkey-signing';
import { PasskeyNotice } from './passkey-notice';
import { RejectForm, type RejectDraft } from './reject-form';

interface DecisionActionsProps {
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
  const [rejecting, setRejecting] = useState(false);
  const rejectDraft = useState<RejectDraft>({ reason: '' });
  const signing = usePasskeySigning(rights.approve || rights.reject);
  // Under a policy that requires a passkey, an approver without one can only be refused: the way
  // forward (enrol, then back here) is the action, not Approve and Reject.
  const needsPasskey = signing.required && signing.keys?.length === 0;
  const mayApprove = rights.approve && !needsPasskey;
  const mayReject = rights.reject && !needsPasskey;
  const { decision, decide } = useDecision(request, onDecided, signing.sign);
  const pending = decision.isPending;
  const deciding = (action: string) => pending && decision.variables?.action === action;
  const problem = decision.error && isApiError(decision.error) ? decision.error.problem : undefined;
  const fieldError = problem?.errors?.find((e) => e.path === 'reason')?.message;

  return (
    <div className="stack">
      <DecisionNotices
        request={request}
        rights={rights}
        signing={signing}
        refused={
          decision.isError && !fieldError
            ? { title: problem?.title, detail: problem?.detail ?? decision.error.message }
            : undefined
        }
      />
      <div className="approval-actions">
        {mayApprove && (
          <Button
            variant="primary"
            busy={deciding('approve')}
            disabled={pending || approveBlocked}
            onClick={() =>
              decide({ action: 'approve', ...(feeId !== undefined ? { fee_id: feeId } : {}) })
            }
          >
            Approve
          </Button>
        )}
        {mayReject && !rejecting && (
          <Button variant="danger" disabled={pending} onClick={() => setRejecting(true)}>
            Reject…
          </Button>
        )}
        {rights.cancel && (
          <ConfirmButton
            label="Cancel my request"
            question="Cancel it? It will never be sent."
            confirmLabel="Yes, cancel it"
            keepLabel="Keep it"
            busy={deciding('cancel')}
            disabled={pending}
            onConfirm={() => decide({ action: 'cancel' })}
          />
        )}
      </div>
      {mayReject && rejecting && (
        <RejectForm
          draft={rejectDraft}
          serverError={fieldError}
          pending={pending}
          busy={deciding('reject')}
          onReject={(reason) => decide({ action: 'reject', reason })}
          onKeep={() => setRejecting(false)}
        />
      )}
    </div>
  );
}

/** Why this operator may not decide, what their passkey needs, and a decision that failed. */
function DecisionNotices({
  request,
  rights,
  signing,
  refused,
}: {
  request: ApprovalRequest;
  rights: DecisionRights;
  signing: ReturnType<typeof usePasskeySigning>;
  /** The failed decision's problem (or error), unless a field shows it. */
  refused: { title: string | undefined; detail: string } | undefined;
}) {
  return (
    <>
      {rights.reason && (
        <Notice
          tone="info"
          title={request.status === 'pending' ? 'Not yours to decide' : 'Decided'}
        >
          {rights.reason}
        </Notice>
      )}
      {(rights.approve || rights.reject) && (
        <PasskeyNotice signing={signing} requestId={request.id} />
      )}
      {refused && (
        <Notice tone="danger" role="alert" title={refused.title ?? 'Not decided'}>
          {refused.detail}
        </Notice>
      )}
    </>
  );
}

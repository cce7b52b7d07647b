import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ApprovalRequest } from '#contract/approvals';
import { ConfirmButton } from '#web/components/ui/confirm-button';
import { HeldForApprovalNotice } from '#web/shared/approvals/held-for-approval-notice';
import { Notice } from '#web/components/ui/notice';
import { ClosedApprovalNotice } from '#web/shared/approvals/closed-approval-notice';
import {
  approvalKeys,
  decideApproval,
  liveApprovalQuery,
} from '#web/shared/approvals/approvals-api';
import { isApiError } from '#web/lib/api-error';
import { liveWithdrawalDetailQuery, withdrawalKeys } from '../api/withdrawal-api';
import { LiveTransferCard } from './live-transfer-card';
import { TransferMismatchNotice } from './transfer-mismatch';
import type { RefObject } from 'react';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import type { WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { WithdrawalOutcomePanel } from './withdrawal-outcome-panel';

interface HeldWithdrawalResultProps {
  approval: ApprovalRequest;
  /** Start another withdrawal, open in the ledger... */
  actions?: ReactNode;
}

/**
 * The result of a submit the four-eyes policy holds: awaiting approval, never "Submitted". The
 * request is read again (with backoff, while the tab is visible) until someone decides, so the
 * initiator who waits on this page sees the decision and, once sent, the transfer's live status.
 * The initiator may cancel it here (the BFF allows only them); a cancelled one never reaches the
 * service.
 */
function HeldWithdrawalResult({ approval, actions }: HeldWithdrawalResultProps) {
  const queryClient = useQueryClient();
  const [cancelled, setCancelled] = useState<ApprovalRequest | undefined>();
  const live = useQuery(liveApprovalQuery(approval.id, approval));
  const current = cancelled ?? live.data ?? approval;
  const cancel = useMutation({
    mutationFn: () => decideApproval(current.id, { action: 'cancel' }),
    onSuccess: (answer) => setCancelled(answer.approval),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
        queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
      ]),
  });
  if (current.status === 'approved')
    return (
      <ApprovedWithdrawal
        approval={current}
        actionRow={actions && <div className="row outcome-actions">{actions}</div>}
      />
    );
  if (current.status !== 'pending')
    return <ClosedApprovalNotice approval={current} subject="withdrawal" actions={actions} />;
  return (
    <div className="stack">
      <HeldForApprovalNotice
        approval={current}
        subject="withdrawal"
        actions={
          <>
            {actions}
            <ConfirmButton
              label="Cancel this request"
              question="Cancel it? It will never be sent."
              confirmLabel="Yes, cancel it"
              keepLabel="Keep it"
              busy={cancel.isPending}
              disabled={cancel.isPending}
              onConfirm={() => cancel.mutate()}
            />
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

/**
 * Approved: what the last approval's send did, read from the ledger (created, refused or unknown,
 * never guessed), and for a created transfer its live status.
 */
function ApprovedWithdrawal({
  approval,
  actionRow,
}: {
  approval: ApprovalRequest;
  actionRow: ReactNode;
}) {
  // The send follows the last approval: the record is read until it holds the outcome.
  const record = useQuery({ ...liveWithdrawalDetailQuery(approval.target), staleTime: 0 });
  const approvers = approval.approvals.map((a) => a.operator.name).join(', ');
  const by = approvers ? `Approved by ${approvers}.` : 'Approved.';
  const data = record.data;
  if (data?.status === 'created')
    return (
      <div className="stack">
        <Notice tone="success" role="status" title="Approved and sent: transfer created">
          <p>{by} The service created the transfer, once, with this withdrawal&rsquo;s ref_id.</p>
          {actionRow}
        </Notice>
        <TransferMismatchNotice fields={data.transfer_mismatch} />
        {data.transfer && <LiveTransferCard transfer={data.transfer} refId={data.ref_id} />}
      </div>
    );
  if (data?.status === 'refused')
    return (
      <Notice tone="danger" role="alert" title="Approved, but the service refused it">
        <p>
          {by}{' '}
          {data.problem?.detail ?? data.problem?.title ?? 'The service refused the withdrawal.'} No
          transfer was created.
        </p>
        {actionRow}
      </Notice>
    );
  if (data?.status === 'unknown')
    return (
      <Notice tone="warning" role="alert" title="Approved: outcome unknown, not failed">
        <p>
          {by} The service&rsquo;s answer was lost. Checking again in the ledger sends the same
          ref_id, so it can never create a second transfer.
        </p>
        {actionRow}
      </Notice>
    );
  return (
    <Notice tone="info" role="status" title="Approved">
      <p>
        {by}{' '}
        {record.isError && !data
          ? 'What the service answered could not be read here; the ledger shows it.'
          : 'The console is sending it to the service with its ref_id…'}
      </p>
      {actionRow}
    </Notice>
  );
}

/** The outcomes that end this tab's intent: created, or held for approval (its ref_id is fixed). */
type SettledOutcome = Extract<WithdrawalOutcome, { kind: 'created' | 'awaiting_approval' }>;

export const isSettled = (outcome: WithdrawalOutcome | undefined): outcome is SettledOutcome =>
  outcome?.kind === 'created' || outcome?.kind === 'awaiting_approval';

interface SettledWithdrawalResultProps {
  outcome: SettledOutcome;
  focusRef: RefObject<HTMLDivElement | null>;
  onStartOver: () => void;
}

/** The page in place of the form once the intent is over: the result, and what comes next. */
export function SettledWithdrawalResult({
  outcome,
  focusRef,
  onStartOver,
}: SettledWithdrawalResultProps) {
  const ledgerRef =
    outcome.kind === 'created' ? outcome.transfer.ref_id || undefined : outcome.approval.target;
  const actions = (
    <>
      <Button variant="primary" onClick={onStartOver}>
        Start another withdrawal
      </Button>
      {ledgerRef !== undefined && (
        <ButtonLink variant="secondary" to={`/withdrawals/${encodeURIComponent(ledgerRef)}`}>
          Open in the ledger
        </ButtonLink>
      )}
    </>
  );
  return (
    <div ref={focusRef} tabIndex={-1} className="outcome-focus">
      {outcome.kind === 'created' ? (
        <WithdrawalOutcomePanel outcome={outcome} actions={actions} />
      ) : (
        <HeldWithdrawalResult approval={outcome.approval} actions={actions} />
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { ApprovalRequest, HeldForApprovalResponse } from '#contract/approvals';
import { ButtonLink } from '#web/components/ui/button-link';
import { ApprovalHistory } from '#web/shared/approvals/approval-history';
import { Card } from '#web/components/ui/card';
import { QueryErrorState } from '#web/components/ui/error-state';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { approvalDetailQuery } from '#web/shared/approvals/approvals-api';
import { isApiError } from '#web/lib/api-error';
import { useMe } from '#web/lib/session';
import { AddressBody } from '../components/address-approval-body';
import { ApprovalNotFound } from '../components/approval-not-found';
import { BatchApprovalBody } from '../components/batch-approval-body';
import { ApproveRefusalNotice } from '../components/approve-refusal-notice';
import { DecisionActions } from '../components/decision-actions';
import { DecisionRoleGate, RequestFacts } from '../components/request-facts';
import { SubmissionNotice } from '../components/submission-notice';
import { useReviewBody, wantsQuote, WithdrawalBody } from '../components/withdrawal-approval-body';
import { withApproveRefusal } from '../lib/approve-refusal';
import { decisionRights } from '../lib/decision-rights';
import { approvalFeeId, quoteBlocksApproval, useFreshFeeQuote } from '../lib/fresh-fee-quote';
import '../approvals.css';

const TITLES: Record<string, string> = {
  withdrawal: 'Withdrawal approval',
  address: 'Address approval',
  withdrawal_batch: 'Withdrawal batch approval',
};

/** One approval request: the same review the initiator saw, the decision, and its history. */
export function ApprovalPage() {
  const { id = '' } = useParams();
  const query = useQuery(approvalDetailQuery(id));
  const [answer, setAnswer] = useState<HeldForApprovalResponse | undefined>();
  const back = (
    <ButtonLink to="/approvals" variant="ghost">
      All approvals
    </ButtonLink>
  );
  if (query.isPending)
    return (
      <>
        <PageHeader title="Approval request" actions={back} />
        <SkeletonRows rows={6} label="Loading the request" />
      </>
    );
  if (query.isError && isApiError(query.error) && query.error.status === 404)
    return <ApprovalNotFound id={id} back={back} />;
  if (query.isError)
    return (
      <>
        <PageHeader title="Approval request" actions={back} />
        <QueryErrorState query={query} />
      </>
    );
  const request = answer?.approval ?? query.data;
  return (
    <>
      <PageHeader
        title={TITLES[request.kind] ?? 'Approval request'}
        description={`Requested by ${request.initiator.name}: ${request.reason}.`}
        actions={back}
      />
      <ApprovalDetail request={request} answer={answer} onDecided={setAnswer} />
    </>
  );
}

function ApprovalDetail({
  request,
  answer,
  onDecided,
}: {
  request: ApprovalRequest;
  answer: HeldForApprovalResponse | undefined;
  onDecided: (answer: HeldForApprovalResponse) => void;
}) {
  const me = useMe();
  const rights = withApproveRefusal(
    decisionRights(request, { ...me.operator, roles: me.roles }),
    request,
  );
  const body = useReviewBody(request);
  // "Debit exactly" (a total) takes no guaranteed fee: the service refuses a total with a fee_id.
  const quoted = body !== undefined && body.total === undefined && wantsQuote(request, me, rights);
  // One quote for the page: the panel shows it and Approve sends its id.
  const quote = useFreshFeeQuote(quoted ? body : undefined);
  return (
    <div className="stack">
      {answer?.submission && <SubmissionNotice request={request} answer={answer} />}
      <DecisionRoleGate request={request} />
      <RequestFacts request={request} />
      {request.kind === 'withdrawal' ? (
        <WithdrawalBody request={request} body={body} quote={quoted ? quote : undefined} />
      ) : request.kind === 'withdrawal_batch' ? (
        <BatchApprovalBody request={request} />
      ) : (
        <AddressBody request={request} />
      )}
      <Card title="Decision" headingLevel={2} aria-label="Decision">
        <ApproveRefusalNotice request={request} />
        <DecisionActions
          request={request}
          rights={rights}
          onDecided={onDecided}
          feeId={quoted ? approvalFeeId(quote) : undefined}
          approveBlocked={quoted && quoteBlocksApproval(quote)}
        />
      </Card>
      <Card title="History" headingLevel={2} aria-label="History">
        <ApprovalHistory history={request.history} />
      </Card>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ApprovalRequest, HeldForApprovalResponse } from '#contract/approvals';
import { CRYPTO_NETWORK_LABELS } from '#contract/crypto-network';
import { samePerson } from '#contract/identity';
import type { MeResponse } from '#contract/session';
import {
  createCryptoWithdrawalRequestSchema,
  type CreateCryptoWithdrawalRequest,
} from '#contract/withdrawals';
import { addressChangeWords, isBookChange } from '#web/shared/approvals/address-change-words';
import { ApprovalHistory } from '#web/shared/approvals/approval-history';
import { ApprovalStatusBadge } from '#web/shared/approvals/approval-status-badge';
import { buttonClassName } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { DateTime } from '#web/components/ui/date-time';
import { ErrorState } from '#web/components/ui/error-state';
import { Notice } from '#web/components/ui/notice';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { WithdrawalReview, quotedFeeIdProp } from '#web/shared/withdrawal-review/withdrawal-review';
import { approvalDetailQuery } from '#web/shared/approvals/approvals-api';
import { LookAlikeWarning } from '#web/shared/destinations/look-alike-warning';
import { requestQuantity } from '#web/shared/usd-value/request-quantity';
import { UsdValueText } from '#web/shared/usd-value/usd-value-text';
import { isApiError } from '#web/lib/api-error';
import { useMe } from '#web/lib/session';
import { RoleNeededNotice } from '#web/shared/roles/role-gate';
import { ApprovalNotFound } from '../components/approval-not-found';
import { AddressDiffTable } from '../components/address-diff-table';
import { BatchApprovalBody } from '../components/batch-approval-body';
import { ApproveRefusalNotice } from '../components/approve-refusal-notice';
import { DecisionActions } from '../components/decision-actions';
import { FreshFeeQuote } from '../components/fresh-fee-quote';
import { withApproveRefusal } from '../lib/approve-refusal';
import { approverRoleOf, decisionRights, type DecisionRights } from '../lib/decision-rights';
import {
  approvalFeeId,
  quoteBlocksApproval,
  useFreshFeeQuote,
  type FreshFeeQuoteState,
} from '../lib/fresh-fee-quote';
import { useDestinationFacts } from '../lib/use-destination-facts';
import { useSentWithdrawal } from '../lib/use-sent-withdrawal';
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
    <Link to="/approvals" className={buttonClassName('ghost')}>
      All approvals
    </Link>
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
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
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

/** Up front: deciding needs the kind's approver role, which this operator does not have. */
function DecisionRoleGate({ request }: { request: ApprovalRequest }) {
  const me = useMe();
  const role = approverRoleOf(request.kind);
  if (request.status !== 'pending' || me.roles.includes(role)) return null;
  if (samePerson(request.initiator, me.operator)) return null;
  return (
    <RoleNeededNotice
      roles={[role]}
      action="Approving or rejecting this request"
      have={me.roles}
      instead="You can read the request and its history below."
    />
  );
}

function RequestFacts({ request }: { request: ApprovalRequest }) {
  return (
    <Card title="Request" headingLevel={2} aria-label="Request">
      <dl className="detail-list">
        <dt>Status</dt>
        <dd>
          <ApprovalStatusBadge status={request.status} />
          {request.outcome && <span className="muted small"> · outcome: {request.outcome}</span>}
        </dd>
        <dt>Why approval</dt>
        <dd>{request.reason}</dd>
        <dt>Initiator</dt>
        <dd>
          {request.initiator.name}{' '}
          <span className="muted small">({request.initiator.subject})</span>
        </dd>
        <dt>Requested</dt>
        <dd>
          <DateTime value={request.created_at} />
        </dd>
        <dt>{request.status === 'pending' ? 'Expires' : 'Was valid until'}</dt>
        <dd>
          <DateTime value={request.expires_at} />
        </dd>
        <dt>Approvals</dt>
        <dd>
          {request.approvals.length} of {request.required_approvals}
          {request.approvals.length > 0 && (
            <span className="muted small">
              {' '}
              ({request.approvals.map((a) => a.operator.name).join(', ')})
            </span>
          )}
        </dd>
        {request.kind === 'withdrawal' && (
          <>
            <dt>USD value</dt>
            <dd>
              <UsdValueText {...requestQuantity(request.withdrawal ?? {})} />
            </dd>
            <dt>Withdrawal</dt>
            <dd>
              <Link to={`/withdrawals/${encodeURIComponent(request.target)}`} className="mono">
                {request.target}
              </Link>
            </dd>
          </>
        )}
      </dl>
    </Card>
  );
}

/** The held withdrawal as the contract reads it (undefined: not readable, shown raw instead). */
function useReviewBody(request: ApprovalRequest): CreateCryptoWithdrawalRequest | undefined {
  const me = useMe();
  if (request.kind !== 'withdrawal') return undefined;
  const parsed = createCryptoWithdrawalRequestSchema({
    allowTestnet: me.environment.allow_testnet,
  }).safeParse(request.withdrawal ?? {});
  return parsed.success ? parsed.data : undefined;
}

/**
 * A fresh quote whenever this viewer can approve it with quotes on, even when the held body has a
 * fee_id: the initiator's form always attaches one, and hours later it has most likely expired.
 */
const wantsQuote = (request: ApprovalRequest, me: MeResponse, rights: DecisionRights): boolean =>
  request.status === 'pending' && me.features.fee_quotes.enabled && rights.approve;

function WithdrawalBody({
  request,
  body,
  quote,
}: {
  request: ApprovalRequest;
  body: CreateCryptoWithdrawalRequest | undefined;
  /** The fresh quote, when one is wanted. */
  quote: FreshFeeQuoteState | undefined;
}) {
  const parsed = body ? { success: true as const, data: body } : { success: false as const };
  const destination = useDestinationFacts(
    parsed.success
      ? {
          network: parsed.data.crypto_network,
          address: parsed.data.destination_address,
          identityId: parsed.data.identity_id,
        }
      : undefined,
  );
  // Once approved, the review shows what was sent (the approver's quote, the attribution).
  const sentBody = useSentWithdrawal(
    request.status === 'approved' ? request.target : undefined,
    useMe().environment.allow_testnet,
  );
  if (!parsed.success) {
    // Unknown values still display: the body as recorded, field by field.
    return (
      <Card title="The withdrawal as recorded" headingLevel={2}>
        <dl className="detail-list">
          {Object.entries(request.withdrawal ?? {}).map(([key, value]) => (
            <FieldRow key={key} label={key} value={value} />
          ))}
        </dl>
      </Card>
    );
  }
  return (
    <>
      {request.status === 'pending' && (
        <LookAlikeWarning address={parsed.data.destination_address} before="you approve" />
      )}
      <WithdrawalReview
        body={sentBody ?? parsed.data}
        refId={request.target}
        sent={request.status !== 'pending'}
        sentUpstream={sentBody !== undefined}
        destination={destination}
        {...quotedFeeIdProp(quote)}
      />
      {quote && <FreshFeeQuote body={parsed.data} state={quote} />}
    </>
  );
}

function FieldRow({ label, value }: { label: string; value: unknown }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="mono">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
    </>
  );
}

function AddressBody({ request }: { request: ApprovalRequest }) {
  const body = request.address?.request ?? {};
  const network = typeof body.crypto_network === 'string' ? body.crypto_network : '';
  const change = request.address?.change;
  const isNew = change === 'new';
  const title = addressChangeWords(change).title;
  const diff = request.address?.diff ?? [];
  return (
    <Card title={title} headingLevel={2} aria-label={title}>
      {request.status === 'pending' && typeof body.address === 'string' && (
        <LookAlikeWarning address={body.address} before="you approve" />
      )}
      <dl className="detail-list">
        <dt>Address</dt>
        <dd className="mono">{String(body.address ?? '')}</dd>
        <dt>Network</dt>
        <dd>{CRYPTO_NETWORK_LABELS[network as keyof typeof CRYPTO_NETWORK_LABELS] ?? network}</dd>
        {typeof body.nickname === 'string' && (
          <>
            <dt>Nickname</dt>
            <dd>{body.nickname}</dd>
          </>
        )}
        {request.address?.memo !== undefined && !isBookChange(change) && (
          <>
            <dt>Destination memo</dt>
            <dd>
              {request.address.memo === '' ? (
                'None (the book’s memo is cleared)'
              ) : (
                <span className="mono">{request.address.memo}</span>
              )}{' '}
              <span className="muted small">
                (from an address file: kept in the console’s book once approved, never sent to the
                service)
              </span>
            </dd>
          </>
        )}
      </dl>
      <h3 className="approval-what-changes">What changes</h3>
      {isNew && diff.length === 0 ? (
        <p>Everything above is new: the address book does not hold this address yet.</p>
      ) : (
        <AddressDiffTable diff={diff} />
      )}
      {request.status === 'pending' &&
        (isBookChange(change) ? (
          <p className="muted small">
            {change === 'memo'
              ? 'On this network the address and its memo together say who is credited: the address book keeps the new memo (filled into withdrawals to this address, which are sent only with it) once approved. Nothing is sent to the service.'
              : 'The address is archived (withdrawals to it are refused): once approved it is back in the address book, in use again. Nothing is sent to the service.'}
          </p>
        ) : (
          <p className="muted small">
            Nothing has been sent to the service yet: the address is saved upstream once approved.
          </p>
        ))}
    </Card>
  );
}

function SubmissionNotice({
  request,
  answer,
}: {
  request: ApprovalRequest;
  answer: HeldForApprovalResponse;
}) {
  const submission = answer.submission;
  if (!submission) return null;
  if (request.kind === 'address')
    return (
      <AddressSubmissionNotice
        submission={submission}
        bookChange={isBookChange(request.address?.change)}
      />
    );
  const ledger = (
    <Link to={`/withdrawals/${encodeURIComponent(request.target)}`}>Open in the ledger</Link>
  );
  if (submission.outcome === 'created')
    return (
      <Notice tone="success" role="status" title="Approved and sent: transfer created">
        The last approval sent the withdrawal to the service, once, with its ref_id. {ledger}
      </Notice>
    );
  const detail =
    typeof submission.problem?.detail === 'string' ? submission.problem.detail : undefined;
  if (submission.outcome === 'refused')
    return (
      <Notice tone="danger" role="alert" title="Approved, but the service refused it">
        {detail ?? 'The service refused the withdrawal.'} {ledger}
      </Notice>
    );
  return (
    <Notice tone="warning" role="alert" title="Approved: outcome unknown, not failed">
      {detail ?? 'The answer of the service was lost.'} Checking it again in the ledger sends the
      same ref_id, so it can never create a second transfer. {ledger}
    </Notice>
  );
}

/** What the last approval of an address change did at the service: saved, refused or unknown. */
function AddressSubmissionNotice({
  submission,
  bookChange,
}: {
  submission: NonNullable<HeldForApprovalResponse['submission']>;
  /** A change of the console's own book (the memo, the archive): nothing went to the service. */
  bookChange: boolean;
}) {
  const book = <Link to="/addresses">Open the address book</Link>;
  if (submission.outcome === 'created')
    return (
      <Notice tone="success" role="status" title="Approved and saved">
        {bookChange
          ? 'The last approval changed the address book (nothing was sent to the service).'
          : 'The last approval saved the address at the service; it is in the address book.'}{' '}
        {book}
      </Notice>
    );
  if (bookChange)
    return (
      <Notice tone="danger" role="alert" title="Approved, but not made">
        {typeof submission.problem?.detail === 'string'
          ? submission.problem.detail
          : 'The address book did not take the change.'}{' '}
        {book}
      </Notice>
    );
  const detail =
    typeof submission.problem?.detail === 'string' ? submission.problem.detail : undefined;
  if (submission.outcome === 'refused')
    return (
      <Notice tone="danger" role="alert" title="Approved, but the service refused it">
        {detail ?? 'The service refused the address.'} Nothing was saved.
      </Notice>
    );
  return (
    <Notice tone="warning" role="alert" title="Approved: outcome unknown">
      {detail ?? 'The answer of the service was lost.'} Saving the same address again is safe: it
      updates the saved one, it never adds a second. {book}
    </Notice>
  );
}

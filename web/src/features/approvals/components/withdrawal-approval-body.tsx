import type { ApprovalRequest } from '#contract/approvals';
import type { MeResponse } from '#contract/session';
import {
  createCryptoWithdrawalRequestSchema,
  type CreateCryptoWithdrawalRequest,
} from '#contract/withdrawals';
import { Card } from '#web/components/ui/card';
import { WithdrawalReview, quotedFeeIdProp } from '#web/shared/withdrawal-review/withdrawal-review';
import { LookAlikeWarning } from '#web/shared/destinations/look-alike-warning';
import { useMe } from '#web/lib/session';
import type { DecisionRights } from '../lib/decision-rights';
import type { FreshFeeQuoteState } from '../lib/fresh-fee-quote';
import { useDestinationFacts } from '../lib/use-destination-facts';
import { useSentWithdrawal } from '../lib/use-sent-withdrawal';
import { FreshFeeQuote } from './fresh-fee-quote';

/** The held withdrawal as the contract reads it (undefined: not readable, shown raw instead). */
export function useReviewBody(request: ApprovalRequest): CreateCryptoWithdrawalRequest | undefined {
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
export const wantsQuote = (
  request: ApprovalRequest,
  me: MeResponse,
  rights: DecisionRights,
): boolean => request.status === 'pending' && me.features.fee_quotes.enabled && rights.approve;

export function WithdrawalBody({
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

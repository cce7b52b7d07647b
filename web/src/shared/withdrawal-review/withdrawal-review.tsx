import type { ReactNode, Ref } from 'react';
import { CRYPTO_NETWORK_LABELS } from '#contract/crypto-network';
import { ATTRIBUTION_KEYS } from '#contract/approvals';
import type { TravelRuleMetadata } from '#contract/destination-addresses';
import type { AddressBookEntry } from '#contract/address-book';
import type { ServiceAddress } from '#contract/service-addresses';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { Card } from '#web/components/ui/card';
import type { FeeQuoteViewState } from './fee-quote-details';
import { CopyableText } from '#web/components/ui/copy-button';
import { DecimalText } from '#web/components/ui/decimal-text';
import { beneficiarySummary, custodySummary } from '../destinations/travel-rule-summary';
import { AddressGroups } from '../destinations/address-groups';
import { CustodyWords } from '../destinations/vasp-name';
import { destinationStateWords } from '../destinations/destination-state-words';
import './withdrawal-review.css';

/** What the address book says about the destination, as far as it could be read. */
export type DestinationFacts =
  | { status: 'loading' | 'unavailable' }
  | {
      status: 'ready';
      entry: AddressBookEntry | undefined;
      /** Not in this console's book, but saved at the service (its nickname, its Travel Rule data). */
      service?: ServiceAddress;
      /** Not in this console's book, and the service's saved addresses could not be read. */
      serviceUnread?: boolean;
    };

interface WithdrawalReviewProps {
  body: CreateCryptoWithdrawalRequest;
  refId: string;
  headingRef?: Ref<HTMLHeadingElement>;
  /** True once this intent was submitted (its outcome shown above): the text then says so. */
  sent?: boolean;
  /** True when `body` is what the service received (after an approval): the text says so. */
  sentUpstream?: boolean;
  /** The destination's address-book entry: who receives the money, Travel Rule on file or not. */
  destination?: DestinationFacts;
  /**
   * Set when a guaranteed fee quote rides along as `fee_id` in place of the body's: its id,
   * `pending` while it is being asked for, `none` when none could be had (no fee_id is sent). Without it the review would say "fee id: not set" (or
   * show a quote that is replaced) while the quote below is what is sent.
   */
  quotedFeeId?: string | 'pending' | 'none';
}

/**
 * Everything that will be sent, exactly as it will be sent, with the idempotency id. Shared: the
 * initiator's review and the approver's decision show the same thing.
 */
export function WithdrawalReview({
  body,
  refId,
  headingRef,
  sent,
  sentUpstream,
  destination,
  quotedFeeId,
}: WithdrawalReviewProps) {
  const metadata = Object.entries(body.metadata ?? {});
  const optional = (
    [
      ['Memo', body.memo],
      ['Fee id', quotedFeeId === undefined ? body.fee_id : undefined],
      ['Identity id', body.identity_id],
      ['Account id', body.account_id],
      ['Balance asset', body.balance_asset],
    ] as const
  ).filter(([, value]) => value !== undefined);
  const unset = [
    body.memo === undefined && 'memo',
    ((body.fee_id === undefined && quotedFeeId === undefined) || quotedFeeId === 'none') &&
      'fee id',
    body.identity_id === undefined && 'identity id',
    body.account_id === undefined && 'account id',
    body.balance_asset === undefined && 'balance asset',
    metadata.length === 0 && 'your own metadata',
  ].filter((x): x is string => typeof x === 'string');
  return (
    <Card aria-labelledby="withdrawal-review-title">
      <h2 id="withdrawal-review-title" ref={headingRef} tabIndex={-1} className="review-title">
        Review the withdrawal
      </h2>
      <p className="muted">
        {sentUpstream
          ? 'This is the withdrawal as the service received it, with the console’s attribution in its metadata.'
          : sent
            ? 'This is the withdrawal as submitted with this ref_id.'
            : 'Nothing has been sent yet. Compare the destination with the recipient’s copy, group by group.'}
      </p>
      <dl className="detail-list review-list">
        <dt>Destination</dt>
        <dd className="review-address">
          <AddressGroups address={body.destination_address} />
        </dd>
        {destination && <RecipientRows destination={destination} />}
        <dt>Network</dt>
        <dd>{CRYPTO_NETWORK_LABELS[body.crypto_network]}</dd>
        <dt>{body.total !== undefined ? 'Debit exactly' : 'Send exactly'}</dt>
        <dd className="review-amount">
          <DecimalText value={body.total ?? body.amount} asset={body.asset} />
          <span className="muted small">
            {body.total !== undefined
              ? ' (total debited; the network fee is taken out of it)'
              : ' (arrives at the destination; the network fee comes on top)'}
          </span>
        </dd>
        <dt>From profile</dt>
        <dd className="mono">{body.profile_id}</dd>
        {quotedFeeId !== undefined && quotedFeeId !== 'none' && (
          <>
            <dt>Fee id</dt>
            <dd>
              {quotedFeeId === 'pending' ? (
                <span className="muted">Asking for a guaranteed fee quote…</span>
              ) : (
                <span className="mono">{quotedFeeId}</span>
              )}
              <span className="muted small"> (the guaranteed fee quote below)</span>
            </dd>
          </>
        )}
        {optional.map(([label, value]) => (
          <OptionalRow key={label} label={label} value={value} />
        ))}
        {metadata.length > 0 && (
          <>
            <dt>Metadata</dt>
            <dd>
              <ul className="plain-list">
                {metadata.map(([key, value]) => (
                  <li key={key} className="mono">
                    {key}: {value}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {!sentUpstream && (
          <>
            <dt>Added on sending</dt>
            <dd className="muted">
              metadata <code>{ATTRIBUTION_KEYS.initiator}</code> and{' '}
              <code>{ATTRIBUTION_KEYS.requestId}</code> (who submitted it, this console&rsquo;s
              request id), and <code>{ATTRIBUTION_KEYS.approvers}</code> when someone approves it:
              the service&rsquo;s record of the people behind the transfer
            </dd>
          </>
        )}
        {unset.length > 0 && (
          <>
            <dt>Not set</dt>
            <dd className="muted">{unset.join(', ')}</dd>
          </>
        )}
        <dt>ref_id</dt>
        <dd>
          <CopyableText value={refId} label="ref_id" />
          <span className="field__hint review-hint">
            This withdrawal&rsquo;s idempotency id. Every retry sends it again, so the upstream
            creates at most one transfer.
          </span>
        </dd>
      </dl>
    </Card>
  );
}

/**
 * The review's `quotedFeeId` from a quote that rides along (undefined: none wanted). A quote that
 * could not be had means no fee_id at all: the initiator's form sends none, and the approver's
 * Approve leaves out the initiator's (see approvalFeeId).
 */
export function quotedFeeIdProp(
  state: Pick<FeeQuoteViewState, 'quote' | 'loading' | 'error'> | undefined,
): { quotedFeeId?: string | 'pending' | 'none' } {
  if (!state) return {};
  if (state.quote) return { quotedFeeId: state.quote.id };
  if (state.loading) return { quotedFeeId: 'pending' };
  return state.error ? { quotedFeeId: 'none' } : {};
}

function OptionalRow({ label, value }: { label: string; value: string | undefined }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="mono">{value}</dd>
    </>
  );
}

/** Who receives the money and whether the Travel Rule data the service asks for is on file. */
function RecipientRows({ destination }: { destination: DestinationFacts }) {
  if (destination.status !== 'ready') {
    const text =
      destination.status === 'loading'
        ? 'Reading the address book…'
        : 'The address book could not be read: nickname, beneficiary and Travel Rule status unknown.';
    return (
      <>
        <dt>Recipient</dt>
        <dd className="muted">{text}</dd>
      </>
    );
  }
  const entry = destination.entry;
  if (!entry && destination.service) return <ServiceAddressRows service={destination.service} />;
  if (!entry && destination.serviceUnread)
    return (
      <>
        <dt>Saved</dt>
        <dd className="muted">{destinationStateWords({ serviceUnread: true })}</dd>
        <dt>Travel Rule</dt>
        <dd className="muted">Unknown: the service&rsquo;s saved addresses could not be read</dd>
      </>
    );
  if (!entry) {
    return (
      <>
        <dt>Saved</dt>
        <dd className="muted">{destinationStateWords({})}</dd>
        <dt>Travel Rule</dt>
        <dd>
          <span className="review-flag review-flag--missing">Missing</span>{' '}
          <span className="muted small">
            no beneficiary on file; above the threshold the service refuses the withdrawal
          </span>
        </dd>
      </>
    );
  }
  const beneficiary = beneficiarySummary(entry.upstream.travelrule_metadata);
  return (
    <SavedRecipientRows
      saved={destinationStateWords({ book: { nickname: entry.nickname } })}
      metadata={entry.upstream.travelrule_metadata}
    >
      {entry.has_travel_rule && beneficiary ? (
        <span className="review-flag review-flag--ok">On file</span>
      ) : (
        <>
          <span className="review-flag review-flag--missing">Missing</span>{' '}
          <span className="muted small">
            {entry.has_travel_rule ? 'saved without a beneficiary' : 'no Travel Rule data saved'};
            above the threshold the service refuses the withdrawal
          </span>
        </>
      )}
    </SavedRecipientRows>
  );
}

/** A destination saved at the service but not through this console: what the service holds. */
function ServiceAddressRows({ service }: { service: ServiceAddress }) {
  return (
    <SavedRecipientRows
      saved={destinationStateWords({ service: { nickname: service.address.nickname } })}
      metadata={service.address.travelrule_metadata}
    >
      {service.travel_rule === 'complete' ? (
        <span className="review-flag review-flag--ok">On file</span>
      ) : (
        <>
          <span className="review-flag review-flag--missing">
            {service.travel_rule === 'incomplete' ? 'Incomplete' : 'Missing'}
          </span>{' '}
          <span className="muted small">
            {service.travel_rule_gaps.join('; ') || 'no beneficiary on file'}; above the threshold
            the service refuses the withdrawal
          </span>
        </>
      )}
    </SavedRecipientRows>
  );
}

/** Saved (where, as what), Beneficiary and Travel Rule (its status as children) of a saved destination. */
function SavedRecipientRows({
  saved,
  metadata,
  children,
}: {
  /** Where and as what it is saved, in the one wording (destination-state-words.ts). */
  saved: string;
  metadata: TravelRuleMetadata | undefined;
  children: ReactNode;
}) {
  const beneficiary = beneficiarySummary(metadata);
  // A directory VASP by its name ("VASP: Kraken"), as the address list says it (issue 26 item 7).
  const custody = custodySummary(metadata) ? <CustodyWords metadata={metadata} /> : undefined;
  return (
    <>
      <dt>Saved</dt>
      <dd>{saved}</dd>
      <dt>Beneficiary</dt>
      <dd>
        {beneficiary ?? <span className="muted">Not on file</span>}
        {custody && <span className="muted small"> · {custody}</span>}
      </dd>
      <dt>Travel Rule</dt>
      <dd>{children}</dd>
    </>
  );
}

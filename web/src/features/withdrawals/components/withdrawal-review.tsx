import type { Ref } from 'react';
import { CRYPTO_NETWORK_LABELS } from '../../../../../contract/crypto-network';
import type { CreateCryptoWithdrawalRequest } from '../../../../../contract/withdrawals';
import { Card } from '../../../components/ui/card';
import { CopyableText } from '../../../components/ui/copy-button';
import { DecimalText } from '../../../components/ui/decimal-text';
import { AddressGroups } from './address-groups';

export interface WithdrawalReviewProps {
  body: CreateCryptoWithdrawalRequest;
  refId: string;
  headingRef?: Ref<HTMLHeadingElement>;
  /** True once this intent was submitted (its outcome shown above): the text then says so. */
  sent?: boolean;
}

/** Everything that will be sent, exactly as it will be sent, with the idempotency id. */
export function WithdrawalReview({ body, refId, headingRef, sent }: WithdrawalReviewProps) {
  const metadata = Object.entries(body.metadata ?? {});
  const optional = (
    [
      ['Memo', body.memo],
      ['Fee id', body.fee_id],
      ['Identity id', body.identity_id],
      ['Account id', body.account_id],
      ['Balance asset', body.balance_asset],
    ] as const
  ).filter(([, value]) => value !== undefined);
  const unset = [
    body.memo === undefined && 'memo',
    body.fee_id === undefined && 'fee id',
    body.identity_id === undefined && 'identity id',
    body.account_id === undefined && 'account id',
    body.balance_asset === undefined && 'balance asset',
    metadata.length === 0 && 'metadata',
  ].filter((x): x is string => typeof x === 'string');
  return (
    <Card aria-labelledby="withdrawal-review-title">
      <h2 id="withdrawal-review-title" ref={headingRef} tabIndex={-1} className="review-title">
        Review the withdrawal
      </h2>
      <p className="muted">
        {sent
          ? 'This is the withdrawal as submitted with this ref_id.'
          : 'Nothing has been sent yet. Compare the destination with the recipient’s copy, group by group.'}
      </p>
      <dl className="detail-list review-list">
        <dt>Destination</dt>
        <dd className="review-address">
          <AddressGroups address={body.destination_address} />
        </dd>
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

function OptionalRow({ label, value }: { label: string; value: string | undefined }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="mono">{value}</dd>
    </>
  );
}

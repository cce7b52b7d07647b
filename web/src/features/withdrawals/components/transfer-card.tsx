import type { ReactNode } from 'react';
import { CRYPTO_NETWORK_LABELS, isKnownCryptoNetwork } from '#contract/crypto-network';
import type { Transfer } from '#contract/withdrawals';
import { Badge, type BadgeToneEntry } from '#web/components/ui/badge';
import { Card } from '#web/components/ui/card';
import { CopyableText } from '#web/components/ui/copy-button';
import { DateTime } from '#web/components/ui/date-time';
import { DecimalText } from '#web/components/ui/decimal-text';
import { otherMembers } from '#web/lib/other-members';
import { AddressGroups } from '#web/shared/destinations/address-groups';
import { STATUS_ROW_FIELDS, TransferStatusRows } from './transfer-status-rows';

export const TRANSFER_STATUS_TONES: Record<string, BadgeToneEntry> = {
  PENDING: { tone: 'info', label: 'Pending' },
  COMPLETED: { tone: 'success', label: 'Completed' },
  FAILED: { tone: 'danger', label: 'Failed' },
};

/** The total's label by status (total = amount + fee, what the profile is debited). */
const TOTAL_LABELS: Record<string, string> = {
  PENDING: 'Total debit',
  COMPLETED: 'Total debited',
  FAILED: 'Total returned',
};

const SHOWN = new Set([
  'id',
  'status',
  'amount',
  'fee',
  'total',
  'asset',
  'ref_id',
  'crypto_network',
  'destination_address',
  'created_at',
  // Set by the console when part of the record could not be read: shown on its own row.
  'unreadable',
  ...STATUS_ROW_FIELDS,
]);

/** The transfer record: the key facts first, then every other field the upstream sent (unknown ones too). */
export function TransferCard({
  transfer,
  title = 'Transfer',
  headingLevel = 2,
  recordedAt,
  statusNote,
}: {
  transfer: Transfer;
  title?: string;
  headingLevel?: 2 | 3;
  /**
   * When the record comes from the ledger: the time it was written. The upstream offers no read of
   * a transfer, so a later PENDING -> COMPLETED is not known here; say so rather than imply it.
   */
  recordedAt?: string;
  /** Said after the status instead of the "as recorded" note (live status, or why it is not). */
  statusNote?: ReactNode;
}) {
  const rest = otherMembers(transfer, SHOWN);
  return (
    <Card title={title} headingLevel={headingLevel} aria-label={title}>
      <dl className="detail-list">
        <dt>Transfer id</dt>
        <dd>
          <CopyableText value={transfer.id} label="transfer id" />
        </dd>
        <dt>Status</dt>
        <dd>
          <Badge value={transfer.status} tones={TRANSFER_STATUS_TONES} />
          {statusNote}
          {statusNote === undefined && recordedAt !== undefined && (
            <span className="muted small">
              {' '}
              as recorded <DateTime value={recordedAt} />; later changes on the network are not
              shown here
            </span>
          )}
        </dd>
        <TransferStatusRows transfer={transfer} />
        <dt>Amount</dt>
        <dd>
          <DecimalText value={transfer.amount} asset={transfer.asset} />
        </dd>
        <dt>Fee</dt>
        <dd>
          <DecimalText value={transfer.fee} asset={transfer.asset} />
        </dd>
        {/* Worded by status: debited once completed, a debit while pending, returned once failed. */}
        <dt>{TOTAL_LABELS[String(transfer.status)] ?? 'Total debit'}</dt>
        <dd>
          <DecimalText value={transfer.total} asset={transfer.asset} />
          {transfer.status === 'FAILED' && (
            <span className="muted small">
              {' '}
              not debited: the transfer failed and the funds went back to the profile
            </span>
          )}
        </dd>
        <dt>ref_id</dt>
        <dd>
          {transfer.ref_id ? (
            <CopyableText value={transfer.ref_id} label="ref_id" />
          ) : (
            <span className="muted">—</span>
          )}
        </dd>
        <dt>Network</dt>
        <dd>
          {transfer.crypto_network === undefined ? (
            <span className="muted">—</span>
          ) : isKnownCryptoNetwork(transfer.crypto_network) ? (
            CRYPTO_NETWORK_LABELS[transfer.crypto_network]
          ) : (
            // A network this console does not know yet: shown exactly as received.
            transfer.crypto_network
          )}
        </dd>
        <dt>Destination</dt>
        <dd>
          {transfer.destination_address ? (
            <AddressGroups address={transfer.destination_address} />
          ) : (
            <span className="muted">—</span>
          )}
        </dd>
        <dt>Created</dt>
        <dd>
          <DateTime value={transfer.created_at} />
        </dd>
        {rest.map(([key, value]) => (
          <FieldRow key={key} name={key} value={value} />
        ))}
        {transfer.unreadable && (
          <>
            <dt>Could not read</dt>
            <dd>
              <span className="mono">{transfer.unreadable.fields.join(', ')}</span>: not in the
              shape the service publishes, so not shown above.
              <details>
                <summary>The record as received (JSON)</summary>
                <pre className="mono">{JSON.stringify(transfer.unreadable.raw, null, 2)}</pre>
              </details>
            </dd>
          </>
        )}
      </dl>
    </Card>
  );
}

/** The other fields in words; a field this console does not know keeps its raw name. */
const FIELD_LABELS: Record<string, string> = {
  customer_id: 'Customer',
  profile_id: 'From profile',
  identity_id: 'Identity',
  account_id: 'Account',
  balance_asset: 'Balance asset',
  direction: 'Direction',
  type: 'Type',
  updated_at: 'Updated',
  crypto_tx_hash: 'Transaction hash',
  crypto_tx_index: 'Transaction index',
  metadata: 'Metadata',
  memo: 'Memo',
  notional_value: 'Value in USD',
  auto_conversion: 'Auto conversion',
  fee_id: 'Fee id',
};

function FieldRow({ name, value }: { name: string; value: unknown }) {
  const label = FIELD_LABELS[name];
  let shown: ReactNode;
  if (name === 'notional_value' && typeof value === 'string')
    shown = <DecimalText value={value} asset="USD" />;
  else if (name === 'updated_at' && typeof value === 'string') shown = <DateTime value={value} />;
  else if (name === 'metadata' && typeof value === 'object' && value !== null)
    shown = (
      <ul className="plain-list mono">
        {Object.entries(value).map(([key, item]) => (
          <li key={key}>
            {key}: {typeof item === 'string' ? item : JSON.stringify(item)}
          </li>
        ))}
      </ul>
    );
  else
    shown = (
      <span className="mono">{typeof value === 'string' ? value : JSON.stringify(value)}</span>
    );
  return (
    <>
      <dt className={label ? undefined : 'mono'}>{label ?? name}</dt>
      <dd>{shown}</dd>
    </>
  );
}

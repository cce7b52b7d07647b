import type { ReactNode } from 'react';
import type { Transfer } from '#contract/withdrawals';
import { Card } from '#web/components/ui/card';
import { CopyableText } from '#web/components/ui/copy-button';
import { DateTime } from '#web/components/ui/date-time';
import { DecimalText } from '#web/components/ui/decimal-text';
import { otherMembers } from '#web/lib/other-members';
import { transferField } from '../lib/transfer-fields';

// The members an operator reconciles by, in this order; every other member follows as sent.
const KEY_FACTS: readonly { key: string; label: string }[] = [
  { key: 'type', label: 'Type' },
  { key: 'direction', label: 'Direction' },
  { key: 'status', label: 'Status' },
  { key: 'secondary_status', label: 'Secondary status' },
  { key: 'asset', label: 'Asset' },
  { key: 'crypto_network', label: 'Network' },
  { key: 'destination_address', label: 'Destination' },
  { key: 'crypto_tx_hash', label: 'Tx hash' },
  { key: 'ref_id', label: 'Ref id' },
  { key: 'profile_id', label: 'Profile id' },
];
const MONEY = [
  { key: 'amount', label: 'Amount' },
  { key: 'fee', label: 'Fee' },
  { key: 'total', label: 'Total' },
] as const;
const TIMES = [
  { key: 'created_at', label: 'Created' },
  { key: 'updated_at', label: 'Updated' },
] as const;
const SHOWN = new Set(['id', ...[...KEY_FACTS, ...MONEY, ...TIMES].map((f) => f.key)]);

/** The service's transfer: the reconciling facts first, then every other member it sent. */
export function TransferFacts({ transfer }: { transfer: Transfer }) {
  const rest = otherMembers(transfer, SHOWN);
  return (
    <Card title="At the service" aria-label="At the service">
      <dl className="detail-list activity-break">
        <dt>Transfer id</dt>
        <dd>
          <CopyableText value={transfer.id} label="transfer id" />
        </dd>
        {KEY_FACTS.map(({ key, label }) => (
          <Fact key={key} label={label} value={transferField(transfer, key)} />
        ))}
        {MONEY.map(({ key, label }) => (
          <Fact
            key={key}
            label={label}
            value={
              transfer[key] ? <DecimalText value={transfer[key]} asset={transfer.asset} /> : '—'
            }
          />
        ))}
        {TIMES.map(({ key, label }) => (
          <Fact key={key} label={label} value={<DateTime value={transfer[key]} rawTitle />} />
        ))}
        {rest.map(([key]) => (
          <Fact key={key} label={key} value={transferField(transfer, key)} mono />
        ))}
      </dl>
    </Card>
  );
}

function Fact({ label, value, mono }: { label: string; value: ReactNode; mono?: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={mono ? 'mono' : undefined}>{value}</dd>
    </>
  );
}

import type { ApprovalPolicy } from '#contract/approval-policy';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { formatAmount } from '#web/lib/decimal';

interface TierRow {
  key: string;
  rule: string;
  above: string;
  approvals: number;
}

/** Every tier as a row: by asset, by USD value whatever the asset, and the default. */
function tierRows(policy: ApprovalPolicy): TierRow[] {
  const w = policy.withdrawals;
  if (w.require !== 'tiers') return [];
  return [
    ...w.tiers.map((tier) => ({
      key: `asset:${tier.asset}:${tier.above}`,
      rule: tier.asset,
      above: `${formatAmount(tier.above)} ${tier.asset}`,
      approvals: tier.approvals,
    })),
    ...w.usd_tiers.map((tier) => ({
      key: `usd:${tier.above_usd}`,
      rule: 'Any asset, by value',
      above: `${formatAmount(tier.above_usd)} USD`,
      approvals: tier.approvals,
    })),
    ...(w.default_tier
      ? [
          {
            key: 'default',
            rule: 'An asset no tier names',
            above: `${formatAmount(w.default_tier.above_usd)} USD`,
            approvals: w.default_tier.approvals,
          },
        ]
      : []),
  ];
}

const COLUMNS: readonly DataTableColumn<TierRow>[] = [
  { key: 'rule', header: 'Asset', cell: (row) => row.rule },
  { key: 'above', header: 'Above', className: 'num', cell: (row) => row.above },
  {
    key: 'approvals',
    header: 'Waits for',
    cell: (row) => `${row.approvals} approval${row.approvals === 1 ? '' : 's'}`,
  },
];

/** The withdrawal tiers as a table (the sentences above say the same, grouped). */
export function TierTable({ policy }: { policy: ApprovalPolicy }) {
  const rows = tierRows(policy);
  if (rows.length === 0) return null;
  return (
    <DataTable caption="Withdrawal tiers" columns={COLUMNS} rows={rows} rowKey={(row) => row.key} />
  );
}

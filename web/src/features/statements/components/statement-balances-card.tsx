import { usualPlaces } from '#contract/asset-precision';
import type { Statement } from '#contract/statements';
import { Card } from '#web/components/ui/card';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DecimalText } from '#web/components/ui/decimal-text';
import { balanceLines, type BalanceLine } from '../lib/statement-balances';
import { copyable } from './detail-values';

type BalanceRow = BalanceLine & { nextRef: string | undefined; places: number | undefined };

const BALANCE_COLUMNS: DataTableColumn<BalanceRow>[] = [
  { key: 'asset', header: 'Asset', cell: (b) => b.asset },
  {
    key: 'owed',
    header: 'Owed',
    className: 'num',
    cell: (b) => <DecimalText value={b.owed} places={b.places} />,
  },
  {
    key: 'paid',
    header: 'Paid',
    className: 'num',
    cell: (b) => <DecimalText value={b.paid} places={b.places} />,
  },
  {
    key: 'outstanding',
    header: 'Outstanding (owed − paid)',
    // On a phone the label stands beside the figure: the short word fits its column.
    label: 'Outstanding',
    className: 'num',
    cell: (b) =>
      b.outstanding === undefined ? (
        <span className="muted">n/a</span>
      ) : (
        <span className={b.due ? 'asset-line__outstanding--due' : undefined}>
          <DecimalText value={b.outstanding} places={b.places} />
        </span>
      ),
  },
  {
    key: 'next',
    header: 'Next payment ref id',
    cell: (b) => copyable(b.nextRef, `next payment ref id of ${b.asset}`) ?? '—',
  },
];

/** Owed, paid and outstanding per asset, with the ref id of the next payment where one is due. */
export function StatementBalancesCard({ statement: s }: { statement: Statement }) {
  const balances = balanceLines(s.statement_balances).map((line, index) => ({
    ...line,
    key: `${line.asset}-${index}`,
    nextRef: s.statement_balances?.[index]?.next_payment_ref_id,
    places: line.asset === undefined ? undefined : usualPlaces(line.asset),
  }));
  return (
    <Card title="Balances per asset" flush>
      {balances.length === 0 ? (
        <p className="muted statements-error-action">This statement has no balances.</p>
      ) : (
        <DataTable
          caption="Balances per asset"
          captionHidden
          columns={BALANCE_COLUMNS}
          rows={balances}
          rowKey={(b) => b.key}
        />
      )}
    </Card>
  );
}

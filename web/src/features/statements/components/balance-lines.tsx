import type { StatementBalance } from '#contract/statements';
import { usualPlaces } from '#contract/asset-precision';
import { DecimalText } from '#web/components/ui/decimal-text';
import { balanceLines } from '../lib/statement-balances';

/** The column header matching BalanceLinesCell's grid. */
export function BalanceLinesHeader() {
  return (
    <span className="asset-line" aria-label="Per asset: owed, paid, outstanding">
      <span>Asset</span>
      <span className="num">Owed</span>
      <span className="num">Paid</span>
      <span className="num">Outstanding</span>
    </span>
  );
}

/** Per asset: owed, paid, outstanding (owed − paid, in decimal arithmetic). */
export function BalanceLinesCell({ balances }: { balances: StatementBalance[] | undefined }) {
  const lines = balanceLines(balances);
  if (lines.length === 0) return <span className="muted">No balances</span>;
  return (
    <ul className="asset-lines">
      {lines.map((line, index) => {
        const places = line.asset === undefined ? undefined : usualPlaces(line.asset);
        return (
          <li key={`${line.asset}-${index}`} className="asset-line">
            <span className="asset-line__asset">{line.asset}</span>
            <span className="num" data-label="Owed" title={`Owed ${line.owed} ${line.asset}`}>
              <DecimalText value={line.owed} places={places} title={null} />
            </span>
            <span className="num" data-label="Paid" title={`Paid ${line.paid} ${line.asset}`}>
              <DecimalText value={line.paid} places={places} title={null} />
            </span>
            <span
              className={line.due ? 'num asset-line__outstanding--due' : 'num'}
              data-label="Outstanding"
              title={
                line.outstanding === undefined
                  ? 'Not computable: an amount is not a decimal'
                  : `Outstanding ${line.outstanding} ${line.asset}`
              }
            >
              {line.outstanding === undefined ? (
                <span className="muted">n/a</span>
              ) : (
                <DecimalText value={line.outstanding} places={places} title={null} />
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

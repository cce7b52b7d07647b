import { Link } from 'react-router';
import type { ReconciliationRow } from '#contract/activity';
import { DecimalText } from '#web/components/ui/decimal-text';
import { ELSEWHERE_WITHDRAWAL_TEXT, isWithdrawalType } from '../lib/origin-label';

/** Activity around one moment: the minute the transfer was created (the service has no id filter). */
function activityLink(createdAt: string | undefined, type: string | undefined) {
  const query = new URLSearchParams();
  const at = createdAt ? Date.parse(createdAt) : NaN;
  if (!Number.isNaN(at)) {
    query.set('created_from', new Date(at - 60_000).toISOString());
    query.set('created_to', new Date(at + 60_000).toISOString());
  }
  if (type) query.set('type', type);
  return `/activity?${query.toString()}`;
}

/** One line of a reconciliation group: the service's side, the ledger's side, or both. */
export function ReconciliationRowLine({ row }: { row: ReconciliationRow }) {
  const { transfer, ledger } = row;
  return (
    <li className="activity-break">
      {transfer && (
        <Link to={activityLink(transfer.created_at, transfer.type)}>
          {transfer.type ?? 'Type not given'}{' '}
          {transfer.amount ? <DecimalText value={transfer.amount} asset={transfer.asset} /> : ''} ·{' '}
          {transfer.status} · {transfer.created_at ?? 'created —'} · transfer {transfer.id}
        </Link>
      )}
      {ledger && (
        <>
          {transfer ? ' — ' : ''}
          <Link to={`/withdrawals/${encodeURIComponent(ledger.ref_id)}`}>
            Ledger {ledger.ref_id}
          </Link>{' '}
          ({ledger.ledger_status}
          {ledger.transfer_status ? `, transfer ${ledger.transfer_status}` : ''}
          {ledger.amount ? `, ${ledger.amount} ${ledger.asset ?? ''}` : ''})
        </>
      )}
      {transfer && !ledger && isWithdrawalType(transfer.type) && (
        <>
          {' '}
          <strong>{ELSEWHERE_WITHDRAWAL_TEXT}</strong>
        </>
      )}
    </li>
  );
}

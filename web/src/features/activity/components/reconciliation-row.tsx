import { Link } from 'react-router';
import type { ReconciliationRow } from '#contract/activity';
import { DateTime } from '#web/components/ui/date-time';
import { DecimalText } from '#web/components/ui/decimal-text';
import { ELSEWHERE_WITHDRAWAL_TEXT, isWithdrawalType } from '../lib/origin-label';
import { transferPath } from '../lib/transfer-fields';

/** One line of a reconciliation group: the service's side, the ledger's side, or both. */
export function ReconciliationRowLine({ row }: { row: ReconciliationRow }) {
  const { transfer, ledger } = row;
  return (
    <li className="activity-break">
      {transfer && (
        <>
          <Link to={transferPath(transfer.id)}>
            {transfer.type ?? 'Type not given'}{' '}
            {transfer.amount ? <DecimalText value={transfer.amount} asset={transfer.asset} /> : ''}{' '}
            · {transfer.status} · transfer {transfer.id}
          </Link>{' '}
          · <DateTime value={transfer.created_at} rawTitle />
        </>
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

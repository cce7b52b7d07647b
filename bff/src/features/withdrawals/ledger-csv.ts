import { csvCell } from '#contract/csv-cell';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';

// The ledger's CSV export (GET /api/withdrawals.csv): one line per record, the cells through the
// one CSV rule (contract/csv-cell.ts: RFC 4180 quoting and the formula guard, since a ref_id,
// a memo or an upstream text is chosen by someone else). Amounts stay the decimal strings they
// are. The last line says whether the file is complete, as the statements export's does.

const LEDGER_CSV_COLUMNS = [
  'ref_id',
  'status',
  'created_at',
  'updated_at',
  'operator_subject',
  'operator_name',
  'profile_id',
  'asset',
  'crypto_network',
  'destination_address',
  'amount',
  'total',
  'fee',
  'transfer_id',
  'transfer_status',
  'crypto_tx_hash',
  'notional_value',
  'refusal',
  'approval_id',
  // The fields a created transfer differs in from its request, space-separated (needs review).
  'transfer_mismatch',
] as const;

type Column = (typeof LEDGER_CSV_COLUMNS)[number];

export const LEDGER_CSV_HEADER = `${LEDGER_CSV_COLUMNS.join(',')}\r\n`;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

export function ledgerCsvRow(record: WithdrawalRecord): string {
  const { request, transfer, problem } = record;
  const values: Record<Column, string | undefined> = {
    ref_id: record.ref_id,
    status: record.status,
    created_at: record.created_at,
    updated_at: record.updated_at,
    operator_subject: record.operator.subject,
    operator_name: record.operator.name,
    profile_id: text(request.profile_id) ?? transfer?.profile_id,
    asset: text(request.asset) ?? transfer?.asset,
    crypto_network: text(request.crypto_network),
    destination_address: text(request.destination_address),
    // What the transfer says once it exists (the service's own figures), the request before.
    amount: transfer?.amount ?? text(request.amount),
    total: transfer?.total ?? text(request.total),
    fee: transfer?.fee,
    transfer_id: transfer?.id,
    transfer_status: transfer?.status,
    crypto_tx_hash: transfer?.crypto_tx_hash,
    notional_value: transfer?.notional_value,
    refusal: problem ? [problem.title, problem.detail].filter(Boolean).join(': ') : undefined,
    approval_id: record.approval_id,
    transfer_mismatch: record.transfer_mismatch?.join(' '),
  };
  return `${LEDGER_CSV_COLUMNS.map((c) => csvCell(values[c])).join(',')}\r\n`;
}

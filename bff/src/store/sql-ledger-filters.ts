import type { ListWithdrawalsQuery } from '#contract/withdrawal-ledger';
import type { AddFilter } from './keyset-page';
import { searchCondition, searchPatterns } from './ledger-search';
import { likeStartingWith } from './like-pattern';

// The ledger list's filters as SQL, each one a range on an index (migrations 001 and 018), so a
// page stays a few milliseconds with hundreds of thousands of records (docs/bench.md, "The ledger
// and the audit trail at scale").

/**
 * The status as an operator reads it (EFFECTIVE_STATUS in sql-withdrawal-rows.ts: a
 * "submitting" whose lease ran out reads as unknown), written on the stored status so the
 * (status, seq) index serves it.
 */
function addStatus(status: NonNullable<ListWithdrawalsQuery['status']>, add: AddFilter): void {
  if (status === 'unknown')
    add(
      (p, submitting) => `(status = ${p} OR (status = ${submitting} AND claimed_until < now()))`,
      'unknown',
      'submitting',
    );
  else if (status === 'submitting')
    add((p) => `status = ${p} AND (claimed_until IS NULL OR claimed_until >= now())`, status);
  else add((p) => `status = ${p}`, status);
}

export function ledgerFilters(query: ListWithdrawalsQuery, add: AddFilter): void {
  if (query.status !== undefined) addStatus(query.status, add);
  if (query.operator !== undefined) add((p) => `operator_subject = ${p}`, query.operator);
  if (query.crypto_network !== undefined) add((p) => `crypto_network = ${p}`, query.crypto_network);
  if (query.ref_id !== undefined) add((p) => `ref_id = ${p}`, query.ref_id);
  if (query.asset !== undefined) add((p) => `request->>'asset' = ${p}`, query.asset);
  if (query.from !== undefined) add((p) => `created_at >= ${p}::timestamptz`, query.from);
  if (query.to !== undefined) add((p) => `created_at < ${p}::timestamptz`, query.to);
  if (query.q !== undefined) {
    const { asWritten, folded } = searchPatterns(query.q);
    add(searchCondition, likeStartingWith(query.q.trim()), asWritten, folded);
  }
}

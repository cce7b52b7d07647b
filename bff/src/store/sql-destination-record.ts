import { destinationKey } from '#contract/networks/canonical-address';
import type { Database } from './database';
import { likeStartingWith } from './like-pattern';
import type { BookDestinationEntry, DestinationRecord } from './approval-port';
import { isoTime, jsonValue } from './sql-time';

/**
 * ApprovalStore.destinationHold on SQL: what the console's own records say of a destination (any
 * identity), for the destination registry (bff/src/gate/destination-registry.ts).
 */
export async function selectDestinationRecord(
  db: Database,
  network: string,
  canonicalAddress: string,
): Promise<DestinationRecord> {
  const destination = destinationKey(network, canonicalAddress);
  // One round trip on every submit (a second only for a rejection's reason): a pending change
  // of this address (any identity); what the book holds of it (one pass over its entries: the
  // latest cooling-off, whether an entry is in use or archived, and the identity and memo of
  // each in use); and the latest decided request to save it as a new address (a rejection
  // refuses it until a later approval; a rejected Travel Rule or memo change leaves it as it was).
  const rows = await db.query<{
    approval_id: string | null;
    receivable_from: unknown;
    in_book: boolean;
    any_archived: boolean;
    entries: unknown;
    decided_id: string | null;
    decided_status: string | null;
  }>(
    `SELECT
           (SELECT id FROM approval_requests
             WHERE destination = $1 AND status = 'pending' AND expires_at > now()
             ORDER BY seq LIMIT 1) AS approval_id,
           b.receivable_from, b.in_book, b.any_archived, b.entries,
           d.id AS decided_id, d.status AS decided_status
         FROM (SELECT 1) AS one
         CROSS JOIN LATERAL (
           SELECT max(receivable_from) FILTER (WHERE receivable_from > now()) AS receivable_from,
                  coalesce(bool_or(archived_at IS NULL), false) AS in_book,
                  coalesce(bool_or(archived_at IS NOT NULL), false) AS any_archived,
                  json_agg(json_build_object('identity_id', identity_id, 'memo', memo))
                    FILTER (WHERE archived_at IS NULL) AS entries
             FROM address_book WHERE key LIKE $2) AS b
         LEFT JOIN LATERAL (
           SELECT id, status FROM approval_requests
            WHERE destination = $1 AND kind = 'address' AND status IN ('approved', 'rejected')
              AND payload->>'change' = 'new'
            ORDER BY seq DESC LIMIT 1) AS d ON true`,
    [destination, likeStartingWith(`${destination}:`)],
  );
  const row = rows[0];
  const rejectedId = row?.decided_status === 'rejected' ? row.decided_id : null;
  const reason = rejectedId
    ? (
        await db.query<{ reason: string | null }>(
          `SELECT reason FROM approval_events
                WHERE approval_id = $1 AND kind = 'rejected' ORDER BY seq DESC LIMIT 1`,
          [rejectedId],
        )
      )[0]?.reason
    : undefined;
  return {
    ...(row?.approval_id ? { approvalId: row.approval_id } : {}),
    ...(row?.receivable_from !== null && row?.receivable_from !== undefined
      ? { receivableFrom: isoTime(row.receivable_from) }
      : {}),
    inBook: row?.in_book === true,
    ...(row?.in_book !== true && row?.any_archived === true ? { archived: true } : {}),
    ...(row?.entries ? { bookEntries: bookEntriesOf(row.entries) } : {}),
    ...(rejectedId ? { rejection: { approvalId: rejectedId, ...(reason ? { reason } : {}) } } : {}),
  };
}

/** The book's entries in use, as the aggregate gives them (null identity or memo: none). */
function bookEntriesOf(value: unknown): BookDestinationEntry[] {
  const entries = jsonValue<Array<{ identity_id: string | null; memo: string | null }>>(value);
  return entries.map((e) => ({
    ...(e.identity_id !== null && e.identity_id !== '' ? { identityId: e.identity_id } : {}),
    ...(e.memo !== null && e.memo !== '' ? { memo: e.memo } : {}),
  }));
}

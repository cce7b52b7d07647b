import type { Database } from './database';
import { likeStartingWith } from './like-pattern';
import type { DestinationRecord } from './ports';
import { isoTime } from './sql-time';

/**
 * ApprovalStore.destinationHold on SQL: what the console's own records say of a destination (any
 * identity), for the destination registry (bff/src/gate/destination-registry.ts).
 */
export async function selectDestinationRecord(
  db: Database,
  network: string,
  canonicalAddress: string,
): Promise<DestinationRecord> {
  const destination = `${network}:${canonicalAddress}`;
  // One round trip on every submit (a second only for a rejection's reason): a pending change
  // of this address (any identity), the latest cooling-off of its address book entries, whether
  // the book holds it, and the latest decided request to save it as a new address (a rejection
  // refuses it until a later approval; a rejected Travel Rule change leaves it as it was).
  const rows = await db.query<{
    approval_id: string | null;
    receivable_from: unknown;
    in_book: boolean;
    decided_id: string | null;
    decided_status: string | null;
  }>(
    `SELECT
           (SELECT id FROM approval_requests
             WHERE destination = $1 AND status = 'pending' AND expires_at > now()
             ORDER BY seq LIMIT 1) AS approval_id,
           (SELECT max(receivable_from) FROM address_book
             WHERE key LIKE $2 AND receivable_from > now()) AS receivable_from,
           EXISTS (SELECT 1 FROM address_book WHERE key LIKE $2) AS in_book,
           d.id AS decided_id, d.status AS decided_status
         FROM (SELECT 1) AS one
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
    ...(rejectedId ? { rejection: { approvalId: rejectedId, ...(reason ? { reason } : {}) } } : {}),
  };
}

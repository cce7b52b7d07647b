import type { Database } from './database';
import type { ApprovalStore, StoredApproval } from './approval-port';
import { recordEvent, selectApproval } from './sql-approval-rows';

// The outbox of approved sends, on the request's own row (migration 012): the last approval
// marks the send due and holds it (sql-approval-decision.ts); recording what came of it clears
// it; a send whose holder stopped is taken again by one instance at a time.

/** What came of the send: its outcome and history on the request, and no longer due. */
export async function recordSent(
  db: Database,
  id: string,
  outcome: string,
  detail: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE approval_requests
          SET outcome = $2, send_due = false, send_claimed_until = NULL, send_claimed_by = NULL
        WHERE id = $1`,
      [id, outcome],
    );
    await recordEvent(tx, id, 'sent', { detail: detail.slice(0, 500) });
  });
}

/** Takes due sends nobody holds, each for the lease (ApprovalStore.claimDueSends). */
export async function claimDueSends(
  db: Database,
  options: Parameters<ApprovalStore['claimDueSends']>[0],
  owner: string,
): Promise<Array<{ stored: StoredApproval; tries: number }>> {
  // One statement: SKIP LOCKED lets instances take disjoint rows at the same moment (and passes
  // over a request being decided right now); the lease moved forward is the claim.
  const claimed = await db.query<{ id: string; send_tries: number }>(
    `UPDATE approval_requests
        SET send_claimed_until = now() + $2::interval, send_claimed_by = $3,
            send_tries = send_tries + 1
      WHERE seq IN (
        SELECT seq FROM approval_requests
         WHERE send_due AND status = 'approved'
           AND (send_claimed_until IS NULL OR send_claimed_until < now())
         ORDER BY seq LIMIT $1
         FOR UPDATE SKIP LOCKED)
      RETURNING id, send_tries`,
    [options.limit, `${Math.max(1, Math.ceil(options.leaseMs))} milliseconds`, owner],
  );
  const taken: Array<{ stored: StoredApproval; tries: number }> = [];
  for (const row of claimed) {
    const stored = await selectApproval(db, row.id);
    if (stored) taken.push({ stored, tries: row.send_tries });
  }
  return taken;
}

/** After a restart of the database's only user: every held send is due now. How many. */
export async function releaseSendClaims(db: Database): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `UPDATE approval_requests SET send_claimed_until = NULL, send_claimed_by = NULL
      WHERE send_due AND send_claimed_until IS NOT NULL RETURNING id`,
  );
  return rows.length;
}

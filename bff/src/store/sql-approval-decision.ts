import { couldBeSamePerson, samePerson } from '#contract/identity';
import type { Database } from './database';
import type { Decision, DecisionResult } from './approval-port';
import {
  closeRequest,
  person,
  recordEvent,
  selectApproval,
  selectOne,
  type VoteRow,
} from './sql-approval-rows';
import { insertSignature } from './sql-approval-signatures';
import { leaseInterval } from './sql-withdrawal-rows';
import { operatorRef } from '#contract/operator-ref';

// A decision on an approval request, and the rules it enforces in the database: a pending,
// unexpired request only; the initiator may cancel but never approve or reject; one vote per
// approver; the last vote approves, and claims the held withdrawal's first attempt so that
// exactly one sender (in any instance) sends it. In the same transaction the send is marked due
// (the outbox), held by this approver's lease: if the approver's process stops before recording
// what came of it, the approved-send sender of any instance finishes it once the lease runs out.

/**
 * One decision on a request (cancel, reject, approve), under the request's row lock. The last
 * approval claims the withdrawal's first attempt in the same transaction.
 */
export function decideApproval(
  db: Database,
  id: string,
  decision: Decision,
  owner: string,
): Promise<DecisionResult> {
  return db.transaction(async (tx) => {
    // The row lock: one decision at a time per request, across every instance.
    const row = await selectOne(tx, id, true);
    if (!row) return { refused: 'not_found' };
    if (row.expired_now) {
      await closeRequest(tx, row, 'expired');
      await recordEvent(tx, id, 'expired');
      return { refused: 'expired', approval: (await selectApproval(tx, id))! };
    }
    if (row.status !== 'pending') return { refused: 'not_pending', status: row.status };
    const who = operatorRef(decision.operator);
    const initiator = person(row.initiator_subject, row.initiator_email);

    // Cancelling is the initiator's right: certainly the same person (contract/identity.ts).
    if (decision.kind === 'cancel') {
      if (!samePerson(initiator, decision.operator)) return { refused: 'not_initiator' };
      await closeRequest(tx, row, 'cancelled');
      await recordEvent(tx, id, 'cancelled', {
        ...who,
        ...(decision.reason ? { reason: decision.reason } : {}),
      });
      return { approval: (await selectApproval(tx, id))! };
    }
    // Deciding is anyone else's: refused to whoever could be the initiator under another login.
    if (couldBeSamePerson(initiator, decision.operator)) return { refused: 'self' };
    const signed = decision.signature
      ? { passkey: { id: decision.signature.credentialId, name: decision.signature.keyName } }
      : {};
    if (decision.kind === 'reject') {
      await closeRequest(tx, row, 'rejected');
      await recordEvent(tx, id, 'rejected', { ...who, reason: decision.reason, ...signed });
      if (decision.signature)
        await insertSignature(tx, id, 'reject', who.subject, decision.signature);
      return { approval: (await selectApproval(tx, id))! };
    }

    // One vote per person, however their login spells them (the row lock serializes votes).
    const earlier = await tx.query<Pick<VoteRow, 'approver_subject' | 'approver_email'>>(
      `SELECT approver_subject, approver_email FROM approval_votes WHERE approval_id = $1`,
      [id],
    );
    if (
      earlier.some((v) =>
        couldBeSamePerson(person(v.approver_subject, v.approver_email), decision.operator),
      )
    )
      return { refused: 'twice' };
    const voted = await tx.query(
      `INSERT INTO approval_votes (approval_id, approver_subject, approver_name,
         approver_attribution, approver_email)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING approver_subject`,
      [id, who.subject, who.name, decision.attribution, decision.operator.email ?? null],
    );
    if (voted.length === 0) return { refused: 'twice' };
    await recordEvent(tx, id, 'approved', { ...who, ...signed });
    if (decision.signature)
      await insertSignature(tx, id, 'approve', who.subject, decision.signature);
    const votes = await tx.query<{ approver_attribution: string }>(
      `SELECT approver_attribution FROM approval_votes WHERE approval_id = $1 ORDER BY at, approver_subject`,
      [id],
    );
    if (votes.length < row.required_approvals) return { approval: (await selectApproval(tx, id))! };

    await tx.query(
      `UPDATE approval_requests SET status = 'approved', decided_at = now() WHERE id = $1`,
      [id],
    );
    let send: { attempt: number; body: Record<string, unknown> } | undefined;
    if (row.kind === 'withdrawal' && decision.sentRequest && decision.claim) {
      const body = decision.sentRequest(votes.map((v) => v.approver_attribution));
      // The one conditional update from "awaiting_approval" to "submitting": whoever makes
      // it holds attempt 1; nobody else (no other approver, no check again) can.
      const claimed = await tx.query<{ current_attempt: number }>(
        `UPDATE withdrawals
            SET status = 'submitting', current_attempt = current_attempt + 1,
                claimed_until = now() + $2::interval, claimed_by = $3,
                sent_request = $4::jsonb, updated_at = now()
          WHERE ref_id = $1 AND status = 'awaiting_approval'
          RETURNING current_attempt`,
        [row.target, leaseInterval(decision.claim), owner, JSON.stringify(body)],
      );
      const attempt = claimed[0]?.current_attempt;
      if (attempt !== undefined) {
        await tx.query(
          `INSERT INTO withdrawal_attempts (ref_id, number, request_id) VALUES ($1, $2, $3)`,
          [row.target, attempt, decision.claim.requestId],
        );
        send = { attempt, body };
      }
    }
    // The outbox: a send is due (an address change always; a withdrawal when its attempt was
    // claimed above), held by this approver until its lease runs out (none given: due at once).
    if (row.kind === 'address' || send) {
      await tx.query(
        `UPDATE approval_requests
            SET send_due = true, send_tries = 1, send_claimed_by = $3,
                send_claimed_until = now() + $2::interval
          WHERE id = $1`,
        [id, decision.claim ? leaseInterval(decision.claim) : '0 milliseconds', owner],
      );
    }
    return { approval: (await selectApproval(tx, id))!, ...(send ? { send } : {}) };
  });
}

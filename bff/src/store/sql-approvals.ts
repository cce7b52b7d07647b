import type {
  ApprovalEvent,
  ApprovalRequest,
  ApprovalStatus,
  ListApprovalsQuery,
} from '#contract/approvals';
import { decodeCursor, encodeCursor } from './cursor';
import type { Database, Queryable, SqlParam } from './database';
import { INSTANCE_ID } from './instance-id';
import type { ApprovalStore, DecisionResult, NewApproval, StoredApproval } from './ports';
import { isoTime, jsonValue } from './sql-time';
import {
  leaseInterval,
  RECORD_COLUMNS,
  toRecord,
  type WithdrawalRow,
} from './sql-withdrawal-ledger';

interface RequestRow {
  seq: string;
  sort_key: string;
  id: string;
  kind: ApprovalRequest['kind'];
  status: ApprovalStatus;
  target: string;
  initiator_subject: string;
  initiator_name: string;
  initiator_attribution: string;
  request_id: string;
  required_approvals: number;
  reason: string;
  payload: unknown;
  created_at: unknown;
  expires_at: unknown;
  decided_at: unknown;
  outcome: string | null;
  expired_now?: boolean;
}

interface VoteRow {
  approval_id: string;
  approver_subject: string;
  approver_name: string;
  approver_attribution: string;
  at: unknown;
}

interface EventRow {
  approval_id: string;
  kind: ApprovalEvent['kind'];
  at: unknown;
  operator_subject: string | null;
  operator_name: string | null;
  reason: string | null;
  detail: string | null;
}

/** Pending ones sort before every decided one: their keyset position is lifted by 2^62. */
const SORT_KEY = `(CASE WHEN status = 'pending' THEN seq + 4611686018427387904 ELSE seq END)`;
const REQUEST_COLUMNS = `seq::text AS seq, ${SORT_KEY}::text AS sort_key, id, kind, status, target,
  initiator_subject, initiator_name, initiator_attribution, request_id, required_approvals, reason,
  payload, created_at, expires_at, decided_at, outcome`;

async function loadDetails(db: Queryable, rows: RequestRow[]): Promise<StoredApproval[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const votes = await db.query<VoteRow>(
    `SELECT approval_id, approver_subject, approver_name, approver_attribution, at
       FROM approval_votes WHERE approval_id = ANY($1) ORDER BY at, approver_subject`,
    [ids],
  );
  const events = await db.query<EventRow>(
    `SELECT approval_id, kind, at, operator_subject, operator_name, reason, detail
       FROM approval_events WHERE approval_id = ANY($1) ORDER BY seq`,
    [ids],
  );
  return rows.map((row) => {
    const mine = votes.filter((v) => v.approval_id === row.id);
    const payload = jsonValue<Record<string, unknown>>(row.payload);
    const approval: ApprovalRequest = {
      id: row.id,
      kind: row.kind,
      status: row.status,
      target: row.target,
      initiator: { subject: row.initiator_subject, name: row.initiator_name },
      created_at: isoTime(row.created_at),
      expires_at: isoTime(row.expires_at),
      ...(row.decided_at !== null ? { decided_at: isoTime(row.decided_at) } : {}),
      required_approvals: row.required_approvals,
      reason: row.reason,
      approvals: mine.map((v) => ({
        operator: { subject: v.approver_subject, name: v.approver_name },
        at: isoTime(v.at),
      })),
      history: events
        .filter((e) => e.approval_id === row.id)
        .map((e) => ({
          kind: e.kind,
          at: isoTime(e.at),
          ...(e.operator_subject !== null
            ? { operator: { subject: e.operator_subject, name: e.operator_name ?? '' } }
            : {}),
          ...(e.reason !== null ? { reason: e.reason } : {}),
          ...(e.detail !== null ? { detail: e.detail } : {}),
        })),
      ...(row.kind === 'withdrawal'
        ? { withdrawal: payload }
        : { address: payload as NonNullable<ApprovalRequest['address']> }),
      ...(row.outcome !== null ? { outcome: row.outcome } : {}),
    };
    return {
      approval,
      initiatorAttribution: row.initiator_attribution,
      approverAttributions: mine.map((v) => v.approver_attribution),
      requestId: row.request_id,
    };
  });
}

async function selectOne(db: Queryable, id: string, lock = false) {
  const rows = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS}, (status = 'pending' AND expires_at <= now()) AS expired_now
       FROM approval_requests WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

async function event(
  db: Queryable,
  id: string,
  kind: ApprovalEvent['kind'],
  fields: { subject?: string; name?: string; reason?: string; detail?: string } = {},
): Promise<void> {
  await db.query(
    `INSERT INTO approval_events (approval_id, kind, operator_subject, operator_name, reason, detail)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      id,
      kind,
      fields.subject ?? null,
      fields.name ?? null,
      fields.reason ?? null,
      fields.detail ?? null,
    ],
  );
}

/** Ends a pending request (rejected, cancelled, expired); its withdrawal is then never sent. */
async function close(
  tx: Queryable,
  row: RequestRow,
  status: 'rejected' | 'cancelled' | 'expired',
): Promise<void> {
  await tx.query(
    `UPDATE approval_requests SET status = $2, decided_at = now() WHERE id = $1 AND status = 'pending'`,
    [row.id, status],
  );
  if (row.kind === 'withdrawal')
    await tx.query(
      `UPDATE withdrawals SET status = 'not_sent', updated_at = now()
        WHERE ref_id = $1 AND status = 'awaiting_approval'`,
      [row.target],
    );
}

async function insertRequest(tx: Queryable, a: NewApproval): Promise<RequestRow | undefined> {
  const conflict =
    a.kind === 'address'
      ? `ON CONFLICT (target) WHERE status = 'pending' AND kind = 'address' DO NOTHING`
      : '';
  const rows = await tx.query<RequestRow>(
    `INSERT INTO approval_requests (id, kind, status, target, destination, initiator_subject,
       initiator_name, initiator_attribution, request_id, required_approvals, reason, payload,
       expires_at)
     VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb,
       now() + $12::interval)
     ${conflict}
     RETURNING ${REQUEST_COLUMNS}`,
    [
      a.id,
      a.kind,
      a.target,
      a.destination ?? null,
      a.initiator.subject,
      a.initiator.name,
      a.initiatorAttribution,
      a.requestId,
      a.requiredApprovals,
      a.reason,
      JSON.stringify(a.payload),
      `${a.ttlMinutes} minutes`,
    ],
  );
  if (rows[0])
    await event(tx, a.id, 'requested', { subject: a.initiator.subject, name: a.initiator.name });
  return rows[0];
}

/** LIKE treats % and _ (and the escape) specially; a key prefix means them literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `owner` names this instance in the leases it takes (claimed_by), as the ledger does. */
export function createSqlApprovalStore(db: Database, owner = INSTANCE_ID): ApprovalStore {
  const getOne = async (q: Queryable, id: string) => {
    const row = await selectOne(q, id);
    return row ? (await loadDetails(q, [row]))[0] : undefined;
  };

  return {
    async holdWithdrawal(intent, approval) {
      return db.transaction(async (tx) => {
        // ON CONFLICT DO NOTHING waits for a concurrent insert of the same ref_id to commit:
        // exactly one request (in any instance) records the intent and its request for approval.
        const inserted = await tx.query<{ ref_id: string }>(
          `INSERT INTO withdrawals (ref_id, status, operator_subject, operator_name, request_hash,
             request, crypto_network, current_attempt, approval_id)
           VALUES ($1, 'awaiting_approval', $2, $3, $4, $5::jsonb, $6, 0, $7)
           ON CONFLICT (ref_id) DO NOTHING
           RETURNING ref_id`,
          [
            intent.refId,
            intent.operator.subject,
            intent.operator.name,
            intent.requestHash,
            JSON.stringify(intent.request),
            typeof intent.request.crypto_network === 'string'
              ? intent.request.crypto_network
              : null,
            approval.id,
          ],
        );
        if (inserted.length === 0) {
          const rows = await tx.query<WithdrawalRow>(
            `SELECT ${RECORD_COLUMNS} FROM withdrawals WHERE ref_id = $1`,
            [intent.refId],
          );
          if (!rows[0]) throw new Error(`withdrawal ${intent.refId} vanished`);
          return { inserted: false as const, record: toRecord(rows[0]) };
        }
        const row = await insertRequest(tx, approval);
        if (!row) throw new Error(`approval ${approval.id} was not recorded`);
        return { inserted: true as const, approval: (await loadDetails(tx, [row]))[0]! };
      });
    },

    async holdAddress(approval) {
      return db.transaction(async (tx) => {
        const row = await insertRequest(tx, approval);
        if (row) return { inserted: true, approval: (await loadDetails(tx, [row]))[0]! };
        const pending = await tx.query<RequestRow>(
          `SELECT ${REQUEST_COLUMNS} FROM approval_requests
            WHERE target = $1 AND kind = 'address' AND status = 'pending'`,
          [approval.target],
        );
        if (!pending[0]) throw new Error(`approval for ${approval.target} vanished`);
        return { inserted: false, approval: (await loadDetails(tx, pending))[0]! };
      });
    },

    get: (id) => getOne(db, id),

    async list(query: ListApprovalsQuery) {
      const limit = query.limit ?? 50;
      const where: string[] = [];
      const params: SqlParam[] = [];
      const add = (clause: (p: string) => string, value: SqlParam) => {
        params.push(value);
        where.push(clause(`$${params.length}`));
      };
      if (query.status !== undefined) add((p) => `status = ${p}`, query.status);
      if (query.kind !== undefined) add((p) => `kind = ${p}`, query.kind);
      if (query.initiator !== undefined) add((p) => `initiator_subject = ${p}`, query.initiator);
      if (query.target !== undefined) add((p) => `target = ${p}`, query.target);
      if (query.older_than_minutes !== undefined)
        add((p) => `created_at <= now() - ${p}::interval`, `${query.older_than_minutes} minutes`);
      if (query.cursor !== undefined)
        add((p) => `${SORT_KEY} < ${p}::bigint`, decodeCursor(query.cursor));
      params.push(limit + 1);
      const rows = await db.query<RequestRow>(
        `SELECT ${REQUEST_COLUMNS} FROM approval_requests
          ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
          ORDER BY ${SORT_KEY} DESC LIMIT $${params.length}`,
        params,
      );
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        requests: (await loadDetails(db, page)).map((s) => s.approval),
        ...(rows.length > limit && last ? { next_cursor: encodeCursor(last.sort_key) } : {}),
      };
    },

    async decide(id, decision): Promise<DecisionResult> {
      return db.transaction(async (tx) => {
        // The row lock: one decision at a time per request, across every instance.
        const row = await selectOne(tx, id, true);
        if (!row) return { refused: 'not_found' };
        if (row.expired_now) {
          await close(tx, row, 'expired');
          await event(tx, id, 'expired');
          return { refused: 'expired', approval: (await getOne(tx, id))! };
        }
        if (row.status !== 'pending') return { refused: 'not_pending', status: row.status };
        const who = { subject: decision.operator.subject, name: decision.operator.name };
        const own = row.initiator_subject === who.subject;

        if (decision.kind === 'cancel') {
          if (!own) return { refused: 'not_initiator' };
          await close(tx, row, 'cancelled');
          await event(tx, id, 'cancelled', {
            ...who,
            ...(decision.reason ? { reason: decision.reason } : {}),
          });
          return { approval: (await getOne(tx, id))! };
        }
        if (own) return { refused: 'self' };
        if (decision.kind === 'reject') {
          await close(tx, row, 'rejected');
          await event(tx, id, 'rejected', { ...who, reason: decision.reason });
          return { approval: (await getOne(tx, id))! };
        }

        const voted = await tx.query(
          `INSERT INTO approval_votes (approval_id, approver_subject, approver_name, approver_attribution)
           VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING approver_subject`,
          [id, who.subject, who.name, decision.attribution],
        );
        if (voted.length === 0) return { refused: 'twice' };
        await event(tx, id, 'approved', who);
        const votes = await tx.query<{ approver_attribution: string }>(
          `SELECT approver_attribution FROM approval_votes WHERE approval_id = $1 ORDER BY at, approver_subject`,
          [id],
        );
        if (votes.length < row.required_approvals) return { approval: (await getOne(tx, id))! };

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
        return { approval: (await getOne(tx, id))!, ...(send ? { send } : {}) };
      });
    },

    async recordSent(id, outcome, detail) {
      await db.transaction(async (tx) => {
        await tx.query(`UPDATE approval_requests SET outcome = $2 WHERE id = $1`, [id, outcome]);
        await event(tx, id, 'sent', { detail: detail.slice(0, 500) });
      });
    },

    async expireDue() {
      const ids = await db.transaction(async (tx) => {
        // SKIP LOCKED: a request being decided right now is that decision's to settle.
        const rows = await tx.query<RequestRow>(
          `SELECT ${REQUEST_COLUMNS} FROM approval_requests
            WHERE status = 'pending' AND expires_at <= now()
            ORDER BY seq LIMIT 200 FOR UPDATE SKIP LOCKED`,
        );
        for (const row of rows) {
          await close(tx, row, 'expired');
          await event(tx, row.id, 'expired');
        }
        return rows.map((r) => r.id);
      });
      if (ids.length === 0) return [];
      const rows = await db.query<RequestRow>(
        `SELECT ${REQUEST_COLUMNS} FROM approval_requests WHERE id = ANY($1) ORDER BY seq`,
        [ids],
      );
      return loadDetails(db, rows);
    },

    async destinationHold(network, canonicalAddress) {
      const destination = `${network}:${canonicalAddress}`;
      // One round trip on every submit: a pending change of this address (any identity), and
      // the latest cooling-off of its address book entries.
      const rows = await db.query<{ approval_id: string | null; receivable_from: unknown }>(
        `SELECT
           (SELECT id FROM approval_requests
             WHERE destination = $1 AND status = 'pending' AND expires_at > now()
             ORDER BY seq LIMIT 1) AS approval_id,
           (SELECT max(receivable_from) FROM address_book
             WHERE key LIKE $2 AND receivable_from > now()) AS receivable_from`,
        [destination, `${likeLiteral(destination)}:%`],
      );
      const row = rows[0];
      return {
        ...(row?.approval_id ? { approvalId: row.approval_id } : {}),
        ...(row?.receivable_from !== null && row?.receivable_from !== undefined
          ? { receivableFrom: isoTime(row.receivable_from) }
          : {}),
      };
    },

    async startCoolingOff(key, minutes) {
      const rows = await db.query<{ receivable_from: unknown }>(
        `UPDATE address_book SET receivable_from = now() + $2::interval WHERE key = $1
         RETURNING receivable_from`,
        [key, `${minutes} minutes`],
      );
      return rows[0] ? isoTime(rows[0].receivable_from) : undefined;
    },
  };
}

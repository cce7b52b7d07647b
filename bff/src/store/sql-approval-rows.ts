import type { ApprovalEvent, ApprovalRequest, ApprovalStatus } from '#contract/approvals';
import type { PersonIdentity } from '#contract/identity';
import type { Queryable } from './database';
import type { ApprovalState, NewApproval, StoredApproval } from './approval-port';
import { isoTime, jsonValue } from './sql-time';

// Approval requests' rows: their columns and keyset position, the request with its votes and
// history as the store hands it out, and the writes every path shares (an event, closing one,
// inserting one).

export interface RequestRow {
  seq: string;
  sort_key: string;
  id: string;
  kind: ApprovalRequest['kind'];
  status: ApprovalStatus;
  target: string;
  initiator_subject: string;
  initiator_name: string;
  initiator_email: string | null;
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

export interface VoteRow {
  approval_id: string;
  approver_subject: string;
  approver_name: string;
  approver_email: string | null;
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
  passkey_id: string | null;
  passkey_name: string | null;
}

/** Pending ones sort before every decided one: their keyset position is lifted by 2^62. */
export const SORT_KEY = `(CASE WHEN status = 'pending' THEN seq + 4611686018427387904 ELSE seq END)`;
export const REQUEST_COLUMNS = `seq::text AS seq, ${SORT_KEY}::text AS sort_key, id, kind, status, target,
  initiator_subject, initiator_name, initiator_email, initiator_attribution, request_id,
  required_approvals, reason, payload, created_at, expires_at, decided_at, outcome`;

/** A person as a row keeps them: compared by contract/identity.ts, never as raw strings. */
export const person = (subject: string, email: string | null): PersonIdentity => ({
  subject,
  ...(email !== null ? { email } : {}),
});
const personRef = (subject: string, name: string, email: string | null) => ({
  subject,
  name,
  ...(email !== null ? { email } : {}),
});

export async function loadDetails(db: Queryable, rows: RequestRow[]): Promise<StoredApproval[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const votes = await db.query<VoteRow>(
    `SELECT approval_id, approver_subject, approver_name, approver_email, approver_attribution, at
       FROM approval_votes WHERE approval_id = ANY($1) ORDER BY at, approver_subject`,
    [ids],
  );
  const events = await db.query<EventRow>(
    `SELECT approval_id, kind, at, operator_subject, operator_name, reason, detail, passkey_id,
       passkey_name FROM approval_events WHERE approval_id = ANY($1) ORDER BY seq`,
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
      initiator: personRef(row.initiator_subject, row.initiator_name, row.initiator_email),
      created_at: isoTime(row.created_at),
      expires_at: isoTime(row.expires_at),
      ...(row.decided_at !== null ? { decided_at: isoTime(row.decided_at) } : {}),
      required_approvals: row.required_approvals,
      reason: row.reason,
      approvals: mine.map((v) => ({
        operator: personRef(v.approver_subject, v.approver_name, v.approver_email),
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
          ...(e.passkey_id !== null
            ? { signed_with: { credential_id: e.passkey_id, key_name: e.passkey_name ?? '' } }
            : {}),
        })),
      ...(row.kind === 'withdrawal'
        ? { withdrawal: payload }
        : row.kind === 'withdrawal_batch'
          ? { batch: payload }
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

export async function selectOne(db: Queryable, id: string, lock = false) {
  const rows = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS}, (status = 'pending' AND expires_at <= now()) AS expired_now
       FROM approval_requests WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

export async function recordEvent(
  db: Queryable,
  id: string,
  kind: ApprovalEvent['kind'],
  fields: {
    subject?: string;
    name?: string;
    reason?: string;
    detail?: string;
    passkey?: { id: string; name: string };
  } = {},
): Promise<void> {
  await db.query(
    `INSERT INTO approval_events (approval_id, kind, operator_subject, operator_name, reason, detail,
       passkey_id, passkey_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      kind,
      fields.subject ?? null,
      fields.name ?? null,
      fields.reason ?? null,
      fields.detail ?? null,
      fields.passkey?.id ?? null,
      fields.passkey?.name ?? null,
    ],
  );
}

/** Ends a pending request (rejected, cancelled, expired); its withdrawal is then never sent. */
export async function closeRequest(
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

export async function insertRequest(
  tx: Queryable,
  a: NewApproval,
): Promise<RequestRow | undefined> {
  const conflict =
    a.kind === 'address'
      ? `ON CONFLICT (target) WHERE status = 'pending' AND kind = 'address' DO NOTHING`
      : '';
  const rows = await tx.query<RequestRow>(
    `INSERT INTO approval_requests (id, kind, status, target, destination, initiator_subject,
       initiator_name, initiator_attribution, request_id, required_approvals, reason, payload,
       expires_at, initiator_email)
     VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb,
       now() + $12::interval, $13)
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
      a.initiator.email ?? null,
    ],
  );
  if (rows[0])
    await recordEvent(tx, a.id, 'requested', {
      subject: a.initiator.subject,
      name: a.initiator.name,
    });
  return rows[0];
}

/** One request with its votes and history, as the store hands it out. */
export async function selectApproval(
  db: Queryable,
  id: string,
): Promise<StoredApproval | undefined> {
  const row = await selectOne(db, id);
  return row ? (await loadDetails(db, [row]))[0] : undefined;
}

interface StateRow {
  id: string;
  status: ApprovalStatus;
  decided_at: unknown;
  expires_at: unknown;
  outcome: string | null;
  decider_subject: string | null;
  decider_name: string | null;
}

/**
 * Requests' states in one statement (ApprovalStore.states): who decided each is the operator of
 * its last event of the kind its status names (the last approval of an approved request, the
 * rejection, the cancellation; an expiry has nobody, whoever approved before it ran out).
 */
export async function selectStates(
  db: Queryable,
  ids: readonly string[],
): Promise<ApprovalState[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<StateRow>(
    `SELECT r.id, r.status, r.decided_at, r.expires_at, r.outcome,
            d.operator_subject AS decider_subject, d.operator_name AS decider_name
       FROM approval_requests r
       LEFT JOIN LATERAL (
         SELECT operator_subject, operator_name FROM approval_events e
          WHERE e.approval_id = r.id AND e.kind = r.status AND e.operator_subject IS NOT NULL
          ORDER BY e.seq DESC LIMIT 1) d ON r.status <> 'pending'
      WHERE r.id = ANY($1)`,
    [[...ids]],
  );
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    ...(row.decider_subject !== null
      ? { decided_by: { subject: row.decider_subject, name: row.decider_name ?? '' } }
      : {}),
    ...(row.decided_at !== null ? { decided_at: isoTime(row.decided_at) } : {}),
    ...(row.status === 'pending' ? { expires_at: isoTime(row.expires_at) } : {}),
    ...(row.outcome !== null ? { outcome: row.outcome } : {}),
  }));
}

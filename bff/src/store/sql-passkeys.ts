import type { Database } from './database';
import type { PasskeyStore, StoredPasskey, TakenChallenge } from './passkey-port';
import { isoTime } from './sql-time';

// Approvers' passkeys and the single-use challenges (registration, decision nonces) on SQL.

interface PasskeyRow {
  id: string;
  person_key: string;
  owner_subject: string;
  owner_name: string;
  name: string;
  public_key: string;
  counter: string | number;
  transports: string[];
  created_at: unknown;
  last_used_at: unknown;
  revoked_at: unknown;
}

interface ChallengeRow {
  nonce: string;
  purpose: 'register' | 'decision';
  person_key: string;
  approval_id: string | null;
  decision: 'approve' | 'reject' | null;
  request_hash: string | null;
  expires_at: unknown;
  used_at: unknown;
  expired: boolean;
}

const KEY_COLUMNS = `id, person_key, owner_subject, owner_name, name, public_key, counter,
  transports, created_at, last_used_at, revoked_at`;

function toPasskey(row: PasskeyRow): StoredPasskey {
  return {
    id: row.id,
    personKey: row.person_key,
    owner: { subject: row.owner_subject, name: row.owner_name },
    name: row.name,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports,
    createdAt: isoTime(row.created_at),
    ...(row.last_used_at !== null ? { lastUsedAt: isoTime(row.last_used_at) } : {}),
    ...(row.revoked_at !== null ? { revokedAt: isoTime(row.revoked_at) } : {}),
  };
}

function takenChallenge(row: ChallengeRow): TakenChallenge {
  return {
    taken: true,
    challenge: {
      nonce: row.nonce,
      purpose: row.purpose,
      personKey: row.person_key,
      ...(row.approval_id !== null ? { approvalId: row.approval_id } : {}),
      ...(row.decision !== null ? { decision: row.decision } : {}),
      ...(row.request_hash !== null ? { requestHash: row.request_hash } : {}),
      expiresAt: isoTime(row.expires_at),
    },
  };
}

const CHALLENGE_COLUMNS = `nonce, purpose, person_key, approval_id, decision, request_hash,
  expires_at, used_at, (expires_at <= now()) AS expired`;

/** The approvers' registered keys: added, listed, renamed, revoked, and their counters. */
function sqlPasskeyKeys(
  db: Database,
): Pick<PasskeyStore, 'add' | 'listFor' | 'get' | 'rename' | 'revoke' | 'recordUse'> {
  return {
    async add(key) {
      const rows = await db.query<PasskeyRow>(
        `INSERT INTO passkeys (id, person_key, owner_subject, owner_name, name, public_key,
           counter, transports)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${KEY_COLUMNS}`,
        [
          key.id,
          key.personKey,
          key.owner.subject,
          key.owner.name,
          key.name,
          key.publicKey,
          key.counter,
          key.transports,
        ],
      );
      return toPasskey(rows[0]!);
    },

    async listFor(personIdentifiers) {
      const rows = await db.query<PasskeyRow>(
        `SELECT ${KEY_COLUMNS} FROM passkeys
          WHERE person_key = ANY($1) AND revoked_at IS NULL ORDER BY created_at, id`,
        [personIdentifiers],
      );
      return rows.map(toPasskey);
    },

    async get(id) {
      const rows = await db.query<PasskeyRow>(`SELECT ${KEY_COLUMNS} FROM passkeys WHERE id = $1`, [
        id,
      ]);
      return rows[0] ? toPasskey(rows[0]) : undefined;
    },

    async rename(id, name) {
      const rows = await db.query<PasskeyRow>(
        `UPDATE passkeys SET name = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING ${KEY_COLUMNS}`,
        [id, name],
      );
      return rows[0] ? toPasskey(rows[0]) : undefined;
    },

    async revoke(id, by) {
      const rows = await db.query<PasskeyRow>(
        `UPDATE passkeys SET revoked_at = now(), revoked_by = $2
          WHERE id = $1 AND revoked_at IS NULL RETURNING ${KEY_COLUMNS}`,
        [id, by],
      );
      return rows[0] ? toPasskey(rows[0]) : undefined;
    },

    async recordUse(id, counter) {
      const rows = await db.query(
        `UPDATE passkeys SET counter = $2, last_used_at = now()
          WHERE id = $1 AND revoked_at IS NULL AND (counter < $2 OR (counter = 0 AND $2 = 0))
          RETURNING id`,
        [id, counter],
      );
      return rows.length > 0;
    },
  };
}

export function createSqlPasskeyStore(db: Database): PasskeyStore {
  return {
    async issueChallenge(c) {
      // Old challenges are of no use to anyone: cleared as new ones are issued.
      await db.query(`DELETE FROM webauthn_challenges WHERE expires_at < now() - interval '1 day'`);
      const rows = await db.query<{ expires_at: unknown }>(
        `INSERT INTO webauthn_challenges (nonce, purpose, person_key, approval_id, decision,
           request_hash, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + $7::interval) RETURNING expires_at`,
        [
          c.nonce,
          c.purpose,
          c.personKey,
          c.approvalId ?? null,
          c.decision ?? null,
          c.requestHash ?? null,
          `${c.ttlMs} milliseconds`,
        ],
      );
      return { expiresAt: isoTime(rows[0]!.expires_at) };
    },

    async takeChallenge(nonce) {
      // One conditional update: of two requests carrying the same nonce, one takes it.
      const taken = await db.query<ChallengeRow>(
        `UPDATE webauthn_challenges SET used_at = now()
          WHERE nonce = $1 AND used_at IS NULL AND expires_at > now()
          RETURNING ${CHALLENGE_COLUMNS}`,
        [nonce],
      );
      if (taken[0]) return takenChallenge(taken[0]);
      const rows = await db.query<ChallengeRow>(
        `SELECT ${CHALLENGE_COLUMNS} FROM webauthn_challenges WHERE nonce = $1`,
        [nonce],
      );
      const row = rows[0];
      if (!row) return { taken: false, why: 'unknown' };
      return { taken: false, why: row.used_at !== null ? 'used' : 'expired' };
    },

    ...sqlPasskeyKeys(db),
  };
}

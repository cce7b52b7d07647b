import type { Database } from './database';
import type { SessionStore, StoredSession } from './session-port';
import { isoTime, jsonValue } from './sql-time';

interface SessionRow {
  subject: string;
  email: string | null;
  name: string;
  groups: unknown;
  sid: string | null;
  id_token: string | null;
  idle_expires_at: unknown;
  expires_at: unknown;
}

const COLUMNS = 'subject, email, name, groups, sid, id_token, idle_expires_at, expires_at';

function sessionOf(row: SessionRow): StoredSession {
  return {
    subject: row.subject,
    ...(row.email !== null ? { email: row.email } : {}),
    name: row.name,
    groups: jsonValue<string[]>(row.groups),
    ...(row.sid !== null ? { sid: row.sid } : {}),
    ...(row.id_token !== null ? { idToken: row.id_token } : {}),
    idleExpiresAt: new Date(isoTime(row.idle_expires_at)),
    expiresAt: new Date(isoTime(row.expires_at)),
  };
}

/** Sessions on the ledger's database (migration 023), shared by every instance using it. */
/** The provider's login attempts and logout token ids, and the sweep of all that ran out. */
function sqlLoginRecords(
  db: Database,
): Pick<SessionStore, 'saveLoginAttempt' | 'takeLoginAttempt' | 'useLogoutTokenId' | 'sweep'> {
  return {
    async saveLoginAttempt(idHash, a, expiresAt) {
      await db.query(
        `INSERT INTO oidc_login_attempts (id_hash, state, nonce, code_verifier, return_to, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [idHash, a.state, a.nonce, a.codeVerifier, a.returnTo, expiresAt.toISOString()],
      );
    },
    async takeLoginAttempt(idHash, now) {
      const rows = await db.query<{
        state: string;
        nonce: string;
        code_verifier: string;
        return_to: string;
        expires_at: unknown;
      }>(
        `DELETE FROM oidc_login_attempts WHERE id_hash = $1
         RETURNING state, nonce, code_verifier, return_to, expires_at`,
        [idHash],
      );
      const row = rows[0];
      if (!row || new Date(isoTime(row.expires_at)) <= now) return undefined;
      return {
        state: row.state,
        nonce: row.nonce,
        codeVerifier: row.code_verifier,
        returnTo: row.return_to,
      };
    },
    async useLogoutTokenId(jti, expiresAt) {
      const rows = await db.query(
        `INSERT INTO oidc_logout_token_ids (jti, expires_at) VALUES ($1, $2)
         ON CONFLICT (jti) DO NOTHING RETURNING 1`,
        [jti, expiresAt.toISOString()],
      );
      return rows.length === 1;
    },
    async sweep(now) {
      const at = now.toISOString();
      const counts = await Promise.all([
        db.query(
          `DELETE FROM sessions WHERE idle_expires_at <= $1 OR expires_at <= $1 RETURNING 1`,
          [at],
        ),
        db.query(`DELETE FROM oidc_login_attempts WHERE expires_at <= $1 RETURNING 1`, [at]),
        db.query(`DELETE FROM oidc_logout_token_ids WHERE expires_at <= $1 RETURNING 1`, [at]),
      ]);
      return counts.reduce((sum, rows) => sum + rows.length, 0);
    },
  };
}

export function createSqlSessionStore(db: Database): SessionStore {
  return {
    async create(s) {
      await db.query(
        `INSERT INTO sessions (id_hash, subject, email, name, groups, sid, id_token, created_at,
                               idle_expires_at, expires_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10)`,
        [
          s.idHash,
          s.subject,
          s.email ?? null,
          s.name,
          JSON.stringify(s.groups),
          s.sid ?? null,
          s.idToken ?? null,
          s.createdAt.toISOString(),
          s.idleExpiresAt.toISOString(),
          s.expiresAt.toISOString(),
        ],
      );
    },
    async find(idHash, now) {
      const rows = await db.query<SessionRow>(
        `SELECT ${COLUMNS} FROM sessions
         WHERE id_hash = $1 AND idle_expires_at > $2 AND expires_at > $2`,
        [idHash, now.toISOString()],
      );
      return rows[0] ? sessionOf(rows[0]) : undefined;
    },
    async touch(idHash, idleExpiresAt) {
      await db.query(
        `UPDATE sessions SET idle_expires_at = LEAST(expires_at, $2::timestamptz)
         WHERE id_hash = $1`,
        [idHash, idleExpiresAt.toISOString()],
      );
    },
    async end(idHash) {
      const rows = await db.query<SessionRow>(
        `DELETE FROM sessions WHERE id_hash = $1 RETURNING ${COLUMNS}`,
        [idHash],
      );
      return rows[0] ? sessionOf(rows[0]) : undefined;
    },
    async endByProvider({ sid, subject }) {
      if (sid === undefined && subject === undefined) return 0;
      // A token naming both ends the provider session `sid` of that subject (spec: sid wins).
      const rows = await db.query(
        sid !== undefined
          ? `DELETE FROM sessions WHERE sid = $1 AND ($2::text IS NULL OR subject = $2) RETURNING 1`
          : `DELETE FROM sessions WHERE subject = $1 RETURNING 1`,
        sid !== undefined ? [sid, subject ?? null] : [subject!],
      );
      return rows.length;
    },
    ...sqlLoginRecords(db),
  };
}

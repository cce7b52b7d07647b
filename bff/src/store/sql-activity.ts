import type { LedgerSide } from '#contract/activity';
import type { ElsewhereAlert } from '#contract/elsewhere-alerts';
import type { Transfer } from '#contract/withdrawals';
import type {
  ActivityLedger,
  ElsewhereWatchStore,
  LedgerMatch,
  WatchPosition,
} from './activity-port';
import type { Database } from './database';
import { isoTime, isoTimeSql, jsonValue } from './sql-time';

const WATCHER = 'elsewhere';

interface MatchRow {
  ref_id: string;
  status: string;
  operator_name: string;
  transfer_id: string | null;
  transfer_status: string | null;
  created_at: string;
  approvers: string[] | null;
}

const MATCH_COLUMNS = `w.ref_id, w.status, w.operator_name, w.transfer->>'id' AS transfer_id,
  w.transfer->>'status' AS transfer_status, ${isoTimeSql('w.created_at')} AS created_at,
  (SELECT array_agg(v.approver_name ORDER BY v.at) FROM approval_votes v
    WHERE v.approval_id = w.approval_id) AS approvers`;

function toMatch(row: MatchRow): LedgerMatch {
  return {
    ref_id: row.ref_id,
    initiator: row.operator_name,
    approvers: row.approvers ?? [],
    ledger_status: row.status,
    submitted_at: row.created_at,
    ...(row.transfer_id !== null ? { transfer_id: row.transfer_id } : {}),
    ...(row.transfer_status !== null ? { transfer_status: row.transfer_status } : {}),
  };
}

export function createSqlActivityLedger(db: Database): ActivityLedger {
  return {
    async findConsoleRecords(refIds, transferIds) {
      if (refIds.length === 0 && transferIds.length === 0) return [];
      const rows = await db.query<MatchRow>(
        `SELECT ${MATCH_COLUMNS} FROM withdrawals w
         WHERE w.ref_id = ANY($1::text[])
            OR (w.transfer IS NOT NULL AND w.transfer->>'id' = ANY($2::text[]))`,
        [[...refIds], [...transferIds]],
      );
      return rows.map(toMatch);
    },
    async ledgerInWindow(from, to, afterSeq, limit) {
      const rows = await db.query<MatchRow & { seq: string; request: unknown }>(
        `SELECT w.seq, w.request, ${MATCH_COLUMNS} FROM withdrawals w
         WHERE w.created_at >= $1::timestamptz AND w.created_at <= $2::timestamptz
           AND w.status IN ('created', 'unknown', 'submitting') AND w.seq > $3
         ORDER BY w.seq LIMIT $4`,
        [from, to, afterSeq, limit],
      );
      return rows.map((row) => {
        const request = jsonValue<Record<string, unknown>>(row.request) ?? {};
        const text = (key: string) =>
          typeof request[key] === 'string' ? { [key]: request[key] as string } : {};
        const side: LedgerSide & { seq: number } = {
          seq: Number(row.seq),
          ref_id: row.ref_id,
          ledger_status: row.status,
          submitted_at: row.created_at,
          initiator: row.operator_name,
          ...text('asset'),
          ...text('amount'),
          ...text('destination_address'),
          ...text('crypto_network'),
          ...(row.transfer_id !== null ? { transfer_id: row.transfer_id } : {}),
          ...(row.transfer_status !== null ? { transfer_status: row.transfer_status } : {}),
        };
        return side;
      });
    },
  };
}

interface AlertRow {
  transfer_id: string;
  ref_id: string | null;
  transfer: unknown;
  created_at: string | null;
  found_at: unknown;
  acknowledged_at: unknown;
  acknowledged_by_name: string | null;
}

function toAlert(row: AlertRow): ElsewhereAlert {
  const t = jsonValue<Record<string, unknown>>(row.transfer);
  const text = (key: string) => (typeof t[key] === 'string' ? { [key]: t[key] as string } : {});
  return {
    transfer_id: row.transfer_id,
    ...(row.ref_id !== null ? { ref_id: row.ref_id } : {}),
    ...text('asset'),
    ...text('amount'),
    ...text('crypto_network'),
    ...text('destination_address'),
    ...(row.created_at !== null ? { created_at: row.created_at } : {}),
    found_at: isoTime(row.found_at),
    ...(row.acknowledged_at !== null ? { acknowledged_at: isoTime(row.acknowledged_at) } : {}),
    ...(row.acknowledged_by_name !== null ? { acknowledged_by: row.acknowledged_by_name } : {}),
  };
}

/** The alerts the watcher raised: kept, announced once, listed and acknowledged. */
function sqlElsewhereAlerts(
  db: Database,
): Pick<
  ElsewhereWatchStore,
  'addAlert' | 'claimUnannounced' | 'markAnnounced' | 'listAlerts' | 'acknowledge'
> {
  return {
    async addAlert(transfer: Transfer) {
      const rows = await db.query(
        `INSERT INTO elsewhere_alerts (transfer_id, ref_id, transfer, created_at)
         VALUES ($1, $2, $3::jsonb, $4) ON CONFLICT (transfer_id) DO NOTHING RETURNING transfer_id`,
        [
          transfer.id,
          transfer.ref_id ?? null,
          JSON.stringify(transfer),
          transfer.created_at ?? null,
        ],
      );
      return rows.length > 0;
    },
    async claimUnannounced(leaseMs, limit) {
      const rows = await db.query<{ transfer: unknown }>(
        `UPDATE elsewhere_alerts SET announce_claimed_until = now() + $1::interval
         WHERE transfer_id IN (
           SELECT transfer_id FROM elsewhere_alerts
           WHERE announced_at IS NULL
             AND (announce_claimed_until IS NULL OR announce_claimed_until < now())
           ORDER BY found_at LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING transfer`,
        [`${Math.max(1, Math.round(leaseMs))} milliseconds`, limit],
      );
      return rows.map((row) => jsonValue<Transfer>(row.transfer));
    },
    async markAnnounced(transferId) {
      await db.query(`UPDATE elsewhere_alerts SET announced_at = now() WHERE transfer_id = $1`, [
        transferId,
      ]);
    },
    async listAlerts(limit) {
      const [count] = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM elsewhere_alerts WHERE acknowledged_at IS NULL`,
      );
      const rows = await db.query<AlertRow>(
        `SELECT transfer_id, ref_id, transfer, created_at, found_at, acknowledged_at,
           acknowledged_by_name
         FROM elsewhere_alerts ORDER BY (acknowledged_at IS NULL) DESC, found_at DESC LIMIT $1`,
        [limit],
      );
      const [watch] = await db.query<{ watched_until: unknown }>(
        `SELECT watched_until FROM elsewhere_watch WHERE name = $1`,
        [WATCHER],
      );
      return {
        unacknowledged: Number(count?.n ?? 0),
        items: rows.map(toAlert),
        ...(watch?.watched_until ? { watched_until: isoTime(watch.watched_until) } : {}),
      };
    },
    async acknowledge(transferId, by) {
      const rows = await db.query(
        `UPDATE elsewhere_alerts SET acknowledged_at = now(), acknowledged_by_subject = $2,
           acknowledged_by_name = $3
         WHERE transfer_id = $1 AND acknowledged_at IS NULL RETURNING transfer_id`,
        [transferId, by.subject, by.name],
      );
      return rows.length > 0;
    },
  };
}

export function createSqlElsewhereWatchStore(db: Database): ElsewhereWatchStore {
  return {
    async claimRound(holder, leaseMs) {
      await db.query(`INSERT INTO elsewhere_watch (name) VALUES ($1) ON CONFLICT DO NOTHING`, [
        WATCHER,
      ]);
      // The one conditional update that lets one instance at a time hold the round.
      const rows = await db.query<{ cursor_created_at: string | null; cursor_ids: string[] }>(
        `UPDATE elsewhere_watch SET lease_holder = $2, lease_until = now() + $3::interval
         WHERE name = $1 AND (lease_until IS NULL OR lease_until < now() OR lease_holder = $2)
         RETURNING cursor_created_at, cursor_ids`,
        [WATCHER, holder, `${Math.max(1, Math.round(leaseMs))} milliseconds`],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        ...(row.cursor_created_at !== null ? { createdAt: row.cursor_created_at } : {}),
        ids: row.cursor_ids ?? [],
      };
    },
    async advance(holder, position: WatchPosition) {
      const rows = await db.query(
        `UPDATE elsewhere_watch SET cursor_created_at = $3, cursor_ids = $4::text[],
           watched_until = now()
         WHERE name = $1 AND lease_holder = $2 RETURNING name`,
        [WATCHER, holder, position.createdAt ?? null, position.ids],
      );
      return rows.length > 0;
    },
    async release(holder) {
      await db.query(
        `UPDATE elsewhere_watch SET lease_until = NULL WHERE name = $1 AND lease_holder = $2`,
        [WATCHER, holder],
      );
    },
    ...sqlElsewhereAlerts(db),
  };
}

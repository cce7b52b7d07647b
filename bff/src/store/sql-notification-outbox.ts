import type { Database } from './database';
import type { NotificationOutbox, OutboxMessage } from './notification-outbox-port';

export function createSqlNotificationOutbox(db: Database): NotificationOutbox {
  return {
    async add(messages) {
      for (const message of messages)
        await db.query(
          `INSERT INTO notification_outbox (channel, message) VALUES ($1, $2::jsonb)`,
          [message.channel, JSON.stringify(message)],
        );
    },

    async claim({ limit, leaseMs }) {
      const rows = await db.query<{ id: string; message: OutboxMessage; attempts: number }>(
        `UPDATE notification_outbox o SET next_at = now() + $2::interval, attempts = o.attempts + 1
          WHERE o.id IN (SELECT id FROM notification_outbox
                          WHERE sent_at IS NULL AND given_up_at IS NULL AND next_at <= now()
                          ORDER BY next_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING o.id::text AS id, o.message, o.attempts - 1 AS attempts`,
        [limit, `${leaseMs} milliseconds`],
      );
      return rows;
    },

    async delivered(id) {
      await db.query(
        `UPDATE notification_outbox SET sent_at = now(), last_error = NULL WHERE id = $1`,
        [id],
      );
    },

    async failed(id, error, retryInMs) {
      await db.query(
        retryInMs === undefined
          ? `UPDATE notification_outbox SET given_up_at = now(), last_error = $2 WHERE id = $1`
          : `UPDATE notification_outbox SET next_at = now() + $3::interval, last_error = $2 WHERE id = $1`,
        retryInMs === undefined ? [id, error] : [id, error, `${retryInMs} milliseconds`],
      );
    },
  };
}

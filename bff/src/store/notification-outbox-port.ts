/** One message to deliver, as the outbox keeps it (no server address or credential in it). */
export type OutboxMessage =
  | { channel: 'email'; to: string[]; subject: string; text: string }
  | { channel: 'slack'; text: string };

/** A message taken from the outbox to deliver, with the tries made before this one. */
interface ClaimedNotification {
  id: string;
  message: OutboxMessage;
  attempts: number;
}

/** Notifications waiting for delivery (notifications/notification-deliverer.ts). */
export interface NotificationOutbox {
  add(messages: readonly OutboxMessage[]): Promise<void>;
  /** Up to `limit` due messages, each held for `leaseMs` (one instance delivers each). */
  claim(options: { limit: number; leaseMs: number }): Promise<ClaimedNotification[]>;
  delivered(id: string): Promise<void>;
  /** A failed try: due again after `retryInMs`, or given up when it is undefined. */
  failed(id: string, error: string, retryInMs: number | undefined): Promise<void>;
}

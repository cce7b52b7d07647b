import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Logger } from '#bff/logger';
import { onFirstUse } from '#bff/lib/on-first-use';
import { createPeriodicTask, type PeriodicTask } from '#bff/lib/periodic-task';
import type { NotificationOutbox, OutboxMessage } from '#bff/store/notification-outbox-port';
import type { NotificationsConfig } from './notifications-config';

/** Pauses after each failed try (then given up): about three hours in all. */
const DEFAULT_RETRY_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000];
const LEASE_MS = 60_000;
const BATCH = 20;

/** The error in words without what could carry a secret (a URL, credentials in a reply). */
function safeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>').slice(0, 300);
}

/** Sends one message on its channel; throws when it was not accepted. */
function createSenders(config: NotificationsConfig, timeoutMs: number) {
  // nodemailer (~3 MB of V8 heap) is loaded with the first e-mail sent, not at start
  // (docs/bench.md, "Libraries loaded on first use").
  const email = config.email;
  const transport = email
    ? onFirstUse(async () =>
        (await import('nodemailer')).default.createTransport({
          url: email.smtpUrl,
          connectionTimeout: timeoutMs,
          greetingTimeout: timeoutMs,
          socketTimeout: timeoutMs,
        } as SMTPTransport.Options),
      )
    : undefined;
  return async function send(message: OutboxMessage): Promise<void> {
    if (message.channel === 'email') {
      if (!transport || !email) throw new Error('e-mail is not configured');
      await (
        await transport()
      ).sendMail({
        from: email.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      return;
    }
    if (!config.slackWebhookUrl) throw new Error('the Slack webhook is not configured');
    const response = await fetch(config.slackWebhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // Slack's incoming-webhook format: `text` (mrkdwn), which compatible receivers read too.
      body: JSON.stringify({ text: message.text }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`the webhook answered HTTP ${response.status}`);
  };
}

/**
 * Delivers the outbox's messages in the background: each try in its own round, a failure logged
 * (channel, id, tries, the error without URLs) and retried after a growing pause, given up after
 * the last. Never in a request's path: a decision only adds to the outbox.
 */
export function createNotificationDeliverer(options: {
  outbox: NotificationOutbox;
  config: NotificationsConfig;
  logger: Logger;
  intervalMs?: number;
  retryMs?: readonly number[];
  timeoutMs?: number;
}): PeriodicTask {
  const { outbox, logger } = options;
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  const send = createSenders(options.config, options.timeoutMs ?? 10_000);
  async function round(): Promise<number> {
    const claimed = await outbox.claim({ limit: BATCH, leaseMs: LEASE_MS });
    for (const { id, message, attempts } of claimed) {
      try {
        await send(message);
        await outbox.delivered(id);
      } catch (error) {
        const retryIn = retryMs[attempts];
        const reason = safeError(error);
        await outbox.failed(id, reason, retryIn);
        logger.warn(
          { notification_id: id, channel: message.channel, tries: attempts + 1, error: reason },
          retryIn === undefined ? 'notification given up' : 'notification not delivered, retrying',
        );
      }
    }
    return claimed.length;
  }
  return createPeriodicTask({
    intervalMs: options.intervalMs ?? 5_000,
    idleIntervalMs: 15_000,
    round,
    logger,
    failure: 'notification delivery round failed',
  });
}

import type { ApprovalRequest } from '#contract/approvals';
import { elsewhereMessage, type ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import type { Logger } from '#bff/logger';
import type { NotificationOutbox, OutboxMessage } from '#bff/store/notification-outbox-port';
import {
  approvalMessages,
  elsewhereMessages,
  TransferElsewhereEventSchema,
} from './notification-messages';
import type { NotificationsConfig } from './notifications-config';

/** The approval notifier, and the one for transfers the console did not make. */
interface OutboxNotifier extends ApprovalNotifier {
  /**
   * A watcher's `transfer.elsewhere` event (its webhook payload): told by e-mail and Slack. A
   * payload that is not one is logged and dropped. Never throws, never awaited.
   */
  transferElsewhere(payload: unknown): void;
}

/**
 * Puts each event's messages in the outbox (the deliverer sends them): a decision never waits for
 * a mail server, and a message outlives a restart. A failure to add is logged, never thrown.
 */
export function createOutboxNotifier(options: {
  outbox: NotificationOutbox;
  config: NotificationsConfig;
  logger: Logger;
  /** Something was added: deliver now rather than at the next idle round. */
  wake?: () => void;
}): OutboxNotifier {
  const pending = new Set<Promise<void>>();
  function enqueue(messages: OutboxMessage[], context: Record<string, unknown>) {
    if (messages.length === 0) return;
    const adding = options.outbox
      .add(messages)
      .then(() => options.wake?.())
      .catch((error: unknown) =>
        options.logger.error({ err: error, ...context }, 'notification not queued'),
      );
    pending.add(adding);
    void adding.finally(() => pending.delete(adding));
  }
  return {
    notify(event, approval: ApprovalRequest) {
      enqueue(approvalMessages(event, approval, options.config), {
        approval_id: approval.id,
        event,
      });
    },
    // The elsewhere watcher's call: the same payload the JSON webhook sends, read as any receiver would.
    notifyElsewhere(transfer) {
      this.transferElsewhere(elsewhereMessage(transfer));
    },
    transferElsewhere(payload) {
      const parsed = TransferElsewhereEventSchema.safeParse(payload);
      if (!parsed.success) {
        options.logger.warn({ event: 'transfer.elsewhere' }, 'notification event not readable');
        return;
      }
      enqueue(elsewhereMessages(parsed.data, options.config), {
        transfer_id: parsed.data.transfer.id,
        event: 'transfer.elsewhere',
      });
    },
    async drain() {
      await Promise.all([...pending]);
    },
  };
}

/** The console's notifiers as one: approvals, and (with the outbox) transfers made elsewhere. */
export type ConsoleNotifier = ApprovalNotifier & Partial<Pick<OutboxNotifier, 'transferElsewhere'>>;

/** Several notifiers as one (the JSON webhook and the outbox): each told, none waiting on another. */
export function combineNotifiers(
  notifiers: readonly (ConsoleNotifier | undefined)[],
): ConsoleNotifier | undefined {
  const present = notifiers.filter((n): n is ConsoleNotifier => n !== undefined);
  if (present.length <= 1) return present[0];
  const elsewhere = present.filter((n) => n.transferElsewhere);
  return {
    notify(event, approval) {
      for (const notifier of present) notifier.notify(event, approval);
    },
    notifyElsewhere(transfer) {
      for (const notifier of present) notifier.notifyElsewhere?.(transfer);
    },
    ...(elsewhere.length > 0
      ? {
          transferElsewhere(payload: unknown) {
            for (const notifier of elsewhere) notifier.transferElsewhere?.(payload);
          },
        }
      : {}),
    async drain() {
      await Promise.all(present.map((notifier) => notifier.drain()));
    },
  };
}

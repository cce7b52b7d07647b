import { createApprovalWebhook } from '#bff/four-eyes/approval-webhook';
import type { BackgroundTasks } from '#bff/lib/background-tasks';
import type { Logger } from '#bff/logger';
import type { NotificationOutbox } from '#bff/store/notification-outbox-port';
import { createNotificationDeliverer } from './notification-deliverer';
import type { NotificationsConfig } from './notifications-config';
import { combineNotifiers, createOutboxNotifier, type ConsoleNotifier } from './outbox-notifier';

/**
 * Everyone the console tells of approvals: the JSON webhook (APPROVAL_WEBHOOK_URL) and, when
 * configured, e-mail and Slack through the store's outbox, whose deliverer runs in `background`.
 * Undefined when nothing is configured.
 */
export function createConsoleNotifier(deps: {
  config: { approvalWebhookUrl?: string; notifications?: NotificationsConfig | undefined };
  outbox: NotificationOutbox | undefined;
  logger: Logger;
  background?: BackgroundTasks | undefined;
}): ConsoleNotifier | undefined {
  const { config, logger } = deps;
  const webhook = config.approvalWebhookUrl
    ? createApprovalWebhook({ url: config.approvalWebhookUrl, logger })
    : undefined;
  const notifications = config.notifications;
  if (notifications && !deps.outbox)
    logger.warn('notifications are configured but this store keeps no outbox: none are sent');
  if (!notifications || !deps.outbox) return webhook;
  const deliverer = createNotificationDeliverer({
    outbox: deps.outbox,
    config: notifications,
    logger,
  });
  deps.background?.add(deliverer);
  const outbox = createOutboxNotifier({
    outbox: deps.outbox,
    config: notifications,
    logger,
    wake: () => deliverer.wake(),
  });
  return combineNotifiers([webhook, outbox]);
}

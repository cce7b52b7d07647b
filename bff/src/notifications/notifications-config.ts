import { z } from 'zod';
import { httpUrl, list, optionalText, refuse } from '#bff/lib/env-rules';

// Notifications where people are (issue 42, item 15): e-mail over SMTP and a Slack-compatible
// incoming webhook. Off unless configured; a half-configured channel stops the start-up with the
// variable to set (the process never runs believing it notifies when it cannot).

const emailAddress = z.email('must be an e-mail address');

/** `a@x, b@y` → ['a@x', 'b@y'], each checked. */
const emailList = optionalText.transform((value, ctx) => {
  const addresses = value === undefined ? [] : list(value);
  for (const address of addresses)
    if (!emailAddress.safeParse(address).success)
      return refuse(ctx, `has "${address}", which is not an e-mail address`);
  return addresses;
});

const smtpUrl = z.url({
  protocol: /^smtps?$/,
  error: 'must be an smtp:// or smtps:// URL (smtp://user:password@host:587)',
});

/** The variables, each on its own (config.ts spreads them into its EnvSchema). */
export const NotificationEnvShape = {
  /** The SMTP server e-mail goes through (unset: no e-mail). Its password is a secret. */
  SMTP_URL: optionalText.pipe(smtpUrl.optional()),
  NOTIFY_EMAIL_FROM: optionalText.pipe(emailAddress.optional()),
  /** Who is told a withdrawal (or a batch) is waiting for approval. */
  NOTIFY_EMAIL_WITHDRAWAL_APPROVERS: emailList,
  /** Who is told an address change is waiting for approval. */
  NOTIFY_EMAIL_ADDRESS_APPROVERS: emailList,
  /** Who is told every outcome (approved, rejected, sent, failed) and transfers made elsewhere. */
  NOTIFY_EMAIL_OPERATIONS: emailList,
  /** A Slack (or compatible) incoming webhook: every event as a message. Its URL is a secret. */
  SLACK_WEBHOOK_URL: optionalText.pipe(httpUrl.optional()),
};

type NotificationEnv = z.output<z.ZodObject<typeof NotificationEnvShape>>;

export interface EmailConfig {
  smtpUrl: string;
  from: string;
  withdrawalApprovers: string[];
  addressApprovers: string[];
  operations: string[];
}

export interface NotificationsConfig {
  email?: EmailConfig;
  slackWebhookUrl?: string;
  /** Links in messages point here (PUBLIC_ORIGIN); without it they name the console path. */
  consoleOrigin?: string;
}

/** The channels configured, or undefined when none is; refuses a half-configured one. */
export function notificationsOf(
  e: NotificationEnv & { PUBLIC_ORIGIN?: string | undefined },
  ctx: z.RefinementCtx,
): NotificationsConfig | undefined {
  const recipients = [
    ...e.NOTIFY_EMAIL_WITHDRAWAL_APPROVERS,
    ...e.NOTIFY_EMAIL_ADDRESS_APPROVERS,
    ...e.NOTIFY_EMAIL_OPERATIONS,
  ];
  if (!e.SMTP_URL) {
    if (e.NOTIFY_EMAIL_FROM || recipients.length > 0)
      return refuse(
        ctx,
        'is required when NOTIFY_EMAIL_* is set (the server e-mail goes through)',
        'SMTP_URL',
      );
  } else {
    if (!e.NOTIFY_EMAIL_FROM)
      return refuse(
        ctx,
        'is required when SMTP_URL is set (the sender of each e-mail)',
        'NOTIFY_EMAIL_FROM',
      );
    if (recipients.length === 0)
      return refuse(
        ctx,
        'needs a recipient when SMTP_URL is set: set NOTIFY_EMAIL_WITHDRAWAL_APPROVERS, NOTIFY_EMAIL_ADDRESS_APPROVERS or NOTIFY_EMAIL_OPERATIONS',
        'NOTIFY_EMAIL_OPERATIONS',
      );
  }
  if (!e.SMTP_URL && !e.SLACK_WEBHOOK_URL) return undefined;
  return {
    ...(e.SMTP_URL && e.NOTIFY_EMAIL_FROM
      ? {
          email: {
            smtpUrl: e.SMTP_URL,
            from: e.NOTIFY_EMAIL_FROM,
            withdrawalApprovers: e.NOTIFY_EMAIL_WITHDRAWAL_APPROVERS,
            addressApprovers: e.NOTIFY_EMAIL_ADDRESS_APPROVERS,
            operations: e.NOTIFY_EMAIL_OPERATIONS,
          },
        }
      : {}),
    ...(e.SLACK_WEBHOOK_URL ? { slackWebhookUrl: e.SLACK_WEBHOOK_URL } : {}),
    ...(e.PUBLIC_ORIGIN ? { consoleOrigin: e.PUBLIC_ORIGIN } : {}),
  };
}

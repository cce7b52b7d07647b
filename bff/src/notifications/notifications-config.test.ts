import { describe, expect, it } from 'vitest';
import { loadConfig } from '#bff/config';

// Issue 42, item 15: notifications are off unless configured, and a half-configured channel stops
// the start-up naming the variable to set.

const BASE = { APPROVAL_POLICY: 'none' };

describe('notification settings', () => {
  it('are off when nothing is set', () => {
    expect(loadConfig(BASE).notifications).toBeUndefined();
  });

  it('read e-mail and Slack when set', () => {
    const config = loadConfig({
      ...BASE,
      SMTP_URL: 'smtps://mailer:pw@mail.example.com:465',
      NOTIFY_EMAIL_FROM: 'console@example.com',
      NOTIFY_EMAIL_WITHDRAWAL_APPROVERS: 'a@example.com, b@example.com',
      SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/x',
    });
    expect(config.notifications).toEqual({
      email: {
        smtpUrl: 'smtps://mailer:pw@mail.example.com:465',
        from: 'console@example.com',
        withdrawalApprovers: ['a@example.com', 'b@example.com'],
        addressApprovers: [],
        operations: [],
      },
      slackWebhookUrl: 'https://hooks.slack.com/services/T/B/x',
    });
  });

  it.each([
    [
      { SMTP_URL: 'smtp://mail.example.com', NOTIFY_EMAIL_OPERATIONS: 'o@example.com' },
      /NOTIFY_EMAIL_FROM is required/,
    ],
    [
      { SMTP_URL: 'smtp://mail.example.com', NOTIFY_EMAIL_FROM: 'c@example.com' },
      /NOTIFY_EMAIL_OPERATIONS needs a recipient/,
    ],
    [{ NOTIFY_EMAIL_OPERATIONS: 'o@example.com' }, /SMTP_URL is required/],
    [{ SMTP_URL: 'http://mail.example.com' }, /SMTP_URL .*smtp:\/\//],
    [
      {
        SMTP_URL: 'smtp://m.example.com',
        NOTIFY_EMAIL_FROM: 'c@example.com',
        NOTIFY_EMAIL_OPERATIONS: 'ops',
      },
      /NOTIFY_EMAIL_OPERATIONS .*"ops", which is not an e-mail address/,
    ],
    [{ SLACK_WEBHOOK_URL: 'hooks.slack.com/x' }, /SLACK_WEBHOOK_URL/],
  ])('refuse a half-configured channel: %o', (env, message) => {
    expect(() => loadConfig({ ...BASE, ...env })).toThrow(message);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HeldForApprovalResponseSchema } from '#contract/approvals';
import { startTestBff, TEST_ENV, type TestBff } from '#bff-test/start-test-bff';
import { loadConfig } from '#bff/config';
import { openStoreLazily } from '#bff/store/lazy-store';
import { pgliteTemplate } from '#bff/store/testing/pglite-template';
import { createConsoleNotifier } from './console-notifier';
import { withdrawalBody } from '#bff-test/withdrawal-body';
import type { PeriodicTask } from '#bff/lib/periodic-task';
import { createLogger } from '#bff/logger';
import { storeForSuite } from '#bff/store/testing/test-stores';
import type { Store } from '#bff/store/store-port';
import { createNotificationDeliverer } from './notification-deliverer';
import { createOutboxNotifier } from './outbox-notifier';

// Issue 42, item 15: e-mail and a Slack-compatible webhook for "waiting for your approval", the
// outcome, and a transfer made elsewhere; against a real SMTP server and a real HTTP receiver,
// both started here. Off unless configured; a failure is retried, logged without secrets, and
// never in a decision's way.

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a loopback port, keeping what it receives (optionally refusing). */
async function startSmtp(options: { refuse?: () => boolean } = {}) {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.refuse?.()) {
          const error = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          return callback(error);
        }
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    mails,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A real HTTP receiver for the Slack format: keeps each JSON body; answers `status()`. */
async function startSlack(status: () => number = () => 200) {
  const bodies: unknown[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const code = status();
      if (code < 300) bodies.push(JSON.parse(text));
      res.writeHead(code).end(code < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    bodies,
    url: `http://127.0.0.1:${port}/services/T000/B000/secret-token`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const subjectOf = (mail: Mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1];
/** The body without quoted-printable soft breaks. */
const bodyOf = (mail: Mail) => mail.raw.replace(/=\r?\n/g, '');

const person = (user: string) => ({
  'x-forwarded-user': user,
  'x-forwarded-email': `${user}@example.com`,
  'x-forwarded-groups': 'ops',
});

describe('notifications by e-mail and Slack', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let slack: Awaited<ReturnType<typeof startSlack>>;
  let bff: TestBff | undefined;
  const tasks: PeriodicTask[] = [];
  const notifierLines: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    slack = await startSlack();
  });
  let store: Store | undefined;
  afterEach(async () => {
    await bff?.close();
    await store?.close();
    bff = undefined;
    store = undefined;
    tasks.length = 0;
  });
  afterAll(async () => {
    await smtp?.close();
    await slack?.close();
  });

  const start = async () => {
    const env = {
      AUTH_MODE: 'trusted-header',
      TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
      ROLE_GROUPS: 'viewer=ops;withdrawal-initiator=ops;withdrawal-approver=ops',
      PUBLIC_ORIGIN: 'https://ops.example.com',
      APPROVAL_POLICY: JSON.stringify({
        withdrawals: { require: 'always', approvals: 1 },
        addresses: { new_addresses: false, travel_rule_changes: false },
        destinations: { allowlist: false },
      }),
      SMTP_URL: `smtp://mailer:hunter2-smtp-secret@127.0.0.1:${smtp.port}`,
      NOTIFY_EMAIL_FROM: 'console@example.com',
      NOTIFY_EMAIL_WITHDRAWAL_APPROVERS: 'approvers@example.com',
      NOTIFY_EMAIL_OPERATIONS: 'treasury-ops@example.com',
      SLACK_WEBHOOK_URL: slack.url,
    };
    // The notifier as the runtime builds it (the test keeps it, to send a synthetic event).
    store = openStoreLazily({ initialCluster: pgliteTemplate() });
    const background = { add: (task: PeriodicTask) => void tasks.push(task) };
    const approvalNotifier = createConsoleNotifier({
      config: loadConfig({ ...TEST_ENV, ...env }),
      outbox: store.notificationOutbox,
      logger: createLogger('info', { write: (line: string) => void notifierLines.push(line) }),
      background,
    });
    return startTestBff({ deps: { store, background, approvalNotifier }, env });
  };
  const deliver = async () => {
    await bff?.deps.approvalNotifier?.drain();
    for (const task of tasks) await task.runOnce();
  };

  it('tells approvers a withdrawal waits, then the initiator and operations that it was sent', async () => {
    bff = await start();
    const held = await bff.request('POST', '/api/withdrawals', {
      headers: person('lena'),
      body: withdrawalBody(`notify-${Date.now()}`),
    });
    expect(held.status).toBe(202);
    const { approval } = HeldForApprovalResponseSchema.parse(held.body);
    await deliver();
    const waiting = smtp.mails.find((m) => subjectOf(m)?.includes('waiting for your approval'));
    expect(waiting).toMatchObject({
      from: 'console@example.com',
      to: ['approvers@example.com', 'treasury-ops@example.com'],
    });
    expect(subjectOf(waiting!)).toBe(`Withdrawal waiting for your approval: ${approval.target}`);
    expect(bodyOf(waiting!)).toContain(`Open it: https://ops.example.com/approvals/${approval.id}`);
    expect(slack.bodies).toContainEqual({
      text: expect.stringContaining(`*Withdrawal waiting for your approval: ${approval.target}*`),
    });

    const approved = await bff.request('POST', `/api/approvals/${approval.id}/approve`, {
      headers: person('omar'),
      body: {},
    });
    expect(approved.status).toBe(200);
    await deliver();
    const sent = smtp.mails.find((m) => subjectOf(m)?.includes('approved and sent'));
    expect(sent?.to).toEqual(['lena@example.com', 'treasury-ops@example.com']);
    expect(bodyOf(sent!)).toContain('Outcome: approved and sent (by omar)');
    expect(slack.bodies).toContainEqual({
      text: expect.stringContaining(`*Withdrawal approved and sent: ${approval.target}*`),
    });
    // Neither secret reached a log.
    for (const logs of [bff.logs.text(), notifierLines.join('')]) {
      expect(logs).not.toContain('hunter2-smtp-secret');
      expect(logs).not.toContain('secret-token');
    }
  });

  it('tells operations of a transfer made elsewhere (a synthetic transfer.elsewhere event)', async () => {
    bff = await start();
    const before = smtp.mails.length;
    bff.deps.approvalNotifier?.transferElsewhere?.({
      event: 'transfer.elsewhere',
      transfer: {
        id: 'tr-elsewhere-1',
        type: 'CRYPTO_WITHDRAWAL',
        asset: 'BTC',
        amount: '0.25',
        destination_address: 'bc1qxhnhp4tkza99g4u5mzs8dpznz50hasretf832q',
        crypto_network: 'BITCOIN',
        created_at: '2026-11-29T00:40:00.000Z',
        status: 'PENDING',
        profile_id: 'prof-1',
        ref_id: null,
      },
    });
    await deliver();
    const mail = smtp.mails.slice(before).find((m) => subjectOf(m)?.includes('outside'));
    expect(subjectOf(mail!)).toBe('Transfer made outside the console: 0.25 BTC');
    expect(mail?.to).toEqual(['treasury-ops@example.com']);
    expect(bodyOf(mail!)).toContain('Transfer tr-elsewhere-1 (CRYPTO_WITHDRAWAL, PENDING)');
    expect(slack.bodies).toContainEqual({
      text: expect.stringContaining('*Transfer made outside the console: 0.25 BTC*'),
    });
  });
});

describe('the outbox deliverer', () => {
  const store = storeForSuite('pglite', 'test_notification_outbox');

  it('retries a message the SMTP server and the webhook refused, logs why without secrets, then delivers', async () => {
    let smtpRefusals = 1;
    let slackRefusals = 1;
    const smtp = await startSmtp({ refuse: () => smtpRefusals-- > 0 });
    const slack = await startSlack(() => (slackRefusals-- > 0 ? 503 : 200));
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const config = {
      email: {
        smtpUrl: `smtp://mailer:hunter2-smtp-secret@127.0.0.1:${smtp.port}`,
        from: 'console@example.com',
        withdrawalApprovers: [],
        addressApprovers: [],
        operations: ['ops@example.com'],
      },
      slackWebhookUrl: slack.url,
    };
    const outbox = store.notificationOutbox!;
    const notifier = createOutboxNotifier({ outbox, config, logger });
    const deliverer = createNotificationDeliverer({ outbox, config, logger, retryMs: [0, 0] });
    try {
      notifier.transferElsewhere({
        event: 'transfer.elsewhere',
        transfer: {
          id: 'tr-2',
          type: 'CRYPTO_WITHDRAWAL',
          asset: 'ETH',
          amount: '3',
          destination_address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
          crypto_network: 'ETHEREUM',
          created_at: '2026-11-29T00:41:00.000Z',
          status: 'COMPLETED',
          profile_id: 'prof-2',
          ref_id: 'outside-ref',
        },
      });
      await notifier.drain();
      expect(await deliverer.runOnce()).toBe(2);
      expect(smtp.mails).toHaveLength(0);
      expect(slack.bodies).toHaveLength(0);
      const warnings = lines.filter((line) => line.includes('notification not delivered'));
      expect(warnings).toHaveLength(2);
      expect(lines.join('')).not.toContain('hunter2-smtp-secret');
      expect(lines.join('')).not.toContain('secret-token');
      // Due again at once (retryMs 0): the second round delivers both.
      expect(await deliverer.runOnce()).toBe(2);
      expect(smtp.mails).toHaveLength(1);
      expect(slack.bodies).toHaveLength(1);
      expect(await deliverer.runOnce()).toBe(0);
    } finally {
      await smtp.close();
      await slack.close();
    }
  });

  it('gives up after the last retry and says so', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const config = { slackWebhookUrl: 'http://127.0.0.1:9/nobody-listens' };
    const outbox = store.notificationOutbox!;
    const notifier = createOutboxNotifier({ outbox, config, logger });
    const deliverer = createNotificationDeliverer({ outbox, config, logger, retryMs: [0] });
    notifier.transferElsewhere({ event: 'transfer.elsewhere', transfer: { id: 'tr-3' } });
    notifier.transferElsewhere({
      event: 'transfer.elsewhere',
      transfer: {
        id: 'tr-3',
        type: 'CRYPTO_WITHDRAWAL',
        asset: 'ETH',
        amount: '1',
        destination_address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
        crypto_network: 'ETHEREUM',
        created_at: '2026-11-29T00:42:00.000Z',
        status: 'PENDING',
        profile_id: 'prof-3',
      },
    });
    await notifier.drain();
    expect(lines.join('')).toContain('notification event not readable');
    expect(await deliverer.runOnce()).toBe(1);
    expect(await deliverer.runOnce()).toBe(1);
    expect(lines.join('')).toContain('notification given up');
    expect(await deliverer.runOnce()).toBe(0);
  });
});

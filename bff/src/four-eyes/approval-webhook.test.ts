import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HeldForApprovalResponseSchema } from '#contract/approvals';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import { createLogger } from '../logger';
import { createApprovalWebhook, type ApprovalWebhookMessage } from './approval-webhook';
import { withdrawalBody } from '#bff-test/withdrawal-body';

/**
 * A local receiver: answers each POST with the next status of `script` (then 200), after
 * `hold(ms)` when set (a receiver that takes the message and sits on it).
 */
function receiver() {
  const received: Array<{ body: ApprovalWebhookMessage; contentType?: string }> = [];
  let script: number[] = [];
  let holdMs = 0;
  const held = new Set<{ res: ServerResponse; timer: NodeJS.Timeout }>();
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({
        body: JSON.parse(text) as ApprovalWebhookMessage,
        contentType: req.headers['content-type'],
      });
      res.statusCode = script.shift() ?? 200;
      if (holdMs === 0) {
        res.end();
        return;
      }
      const entry = {
        res,
        timer: setTimeout(() => {
          held.delete(entry);
          res.end();
        }, holdMs),
      };
      held.add(entry);
    });
  });
  return {
    received,
    script: (statuses: number[]) => {
      script = [...statuses];
    },
    hold: (ms: number) => {
      holdMs = ms;
    },
    /** How many messages are being held unanswered now. */
    holding: () => held.size,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/approvals?token=s3cret`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const entry of held) clearTimeout(entry.timer);
        held.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
};

describe('APPROVAL_WEBHOOK_URL', () => {
  const hook = receiver();
  let url: string;
  let bff: TestBff;
  beforeAll(async () => {
    url = await hook.listen();
    bff = await startTestBff({
      env: {
        APPROVAL_POLICY: JSON.stringify({
          withdrawals: { require: 'always' },
          addresses: { new_addresses: false, travel_rule_changes: false },
        }),
        APPROVAL_WEBHOOK_URL: url,
        WRITE_RATE_LIMIT_PER_MINUTE: '1000',
      },
    });
    // Opens the embedded store now (seconds), not inside the first test's time.
    expect((await bff.request('GET', '/api/approvals')).status).toBe(200);
  });
  afterAll(async () => {
    await bff?.close();
    await hook.close();
  });
  beforeEach(() => {
    hook.received.length = 0;
    hook.script([]);
    hook.hold(0);
  });

  const timed = async <T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> => {
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started };
  };

  it('tells the receiver when a request needs approval and when it is decided, without secrets or Travel Rule data', async () => {
    const refId = `hook-${Date.now()}`;
    const res = await bff.request('POST', '/api/withdrawals', {
      body: withdrawalBody(refId, { amount: '1.00', memo: 'private memo' }),
    });
    expect(res.status).toBe(202);
    const approval = HeldForApprovalResponseSchema.parse(res.body).approval;
    await until(() => hook.received.length === 1);
    expect(hook.received[0]!.contentType).toBe('application/json');
    expect(hook.received[0]!.body).toEqual({
      event: 'approval.requested',
      approval_id: approval.id,
      kind: 'withdrawal',
      status: 'pending',
      target: refId,
      initiator: 'local-operator',
      reason: 'every withdrawal',
      required_approvals: 1,
      received_approvals: 0,
      expires_at: approval.expires_at,
      console_path: `/approvals/${approval.id}`,
      at: expect.any(String),
    });
    const cancel = await bff.request('POST', `/api/approvals/${approval.id}/cancel`, { body: {} });
    expect(cancel.status).toBe(200);
    await until(() => hook.received.length === 2);
    expect(hook.received[1]!.body).toMatchObject({
      event: 'approval.decided',
      status: 'cancelled',
    });
    const everything = JSON.stringify(hook.received);
    expect(everything).not.toContain('private memo');
    expect(everything).not.toContain(SAMPLE_ADDRESSES.evmA);
    expect(everything).not.toMatch(/secret/i);
    // The URL (which may carry the receiver's own secret) is never logged.
    expect(bff.logs.text()).not.toContain('s3cret');
  });

  it('retries with backoff when the receiver fails, and gives up after the last try with a log line', async () => {
    const logs: string[] = [];
    const logger = createLogger('warn', { write: (line: string) => void logs.push(line) });
    const webhook = createApprovalWebhook({ url, logger, delaysMs: [5, 10] });
    const approval = {
      id: 'apr_test',
      kind: 'withdrawal' as const,
      status: 'pending' as const,
      target: 'ref-1',
      initiator: { subject: 'ana', name: 'Ana' },
      created_at: new Date().toISOString(),
      expires_at: new Date().toISOString(),
      required_approvals: 1,
      reason: 'every withdrawal',
      approvals: [],
      history: [],
    };
    hook.script([503, 429]);
    webhook.notify('requested', approval);
    await webhook.drain();
    expect(hook.received).toHaveLength(3);
    expect(logs).toHaveLength(0);

    hook.received.length = 0;
    hook.script([500, 500, 500]);
    webhook.notify('requested', approval);
    await webhook.drain();
    expect(hook.received).toHaveLength(3);
    expect(logs.join('')).toMatch(/approval webhook not delivered/);
    expect(logs.join('')).not.toContain('s3cret');

    // A refusal that retrying cannot fix (400) is not retried.
    hook.received.length = 0;
    hook.script([400]);
    webhook.notify('decided', approval);
    await webhook.drain();
    expect(hook.received).toHaveLength(1);
  });

  // "Never blocks the request": a receiver that takes each message and holds the connection for
  // HOLD_MS must not delay the answer to the operator (QUICK_MS is far below it).
  const HOLD_MS = 10_000;
  const QUICK_MS = 1_000;

  // Last: the BFF's own webhook may still retry these held messages (after its 5 s timeout).
  it('a held withdrawal is answered 202 at once, and its cancellation 200, while the receiver holds every message for 10 s', async () => {
    hook.hold(HOLD_MS);
    const refId = `hook-hang-${Date.now()}`;
    const submit = await timed(() =>
      bff.request('POST', '/api/withdrawals', {
        body: withdrawalBody(refId, { amount: '1.00' }),
      }),
    );
    expect(submit.result.status).toBe(202);
    expect(submit.ms).toBeLessThan(QUICK_MS);
    const approval = HeldForApprovalResponseSchema.parse(submit.result.body).approval;
    // The message did go out, and the receiver is still sitting on it.
    await until(() => hook.received.length === 1);
    expect(hook.received[0]!.body).toMatchObject({
      event: 'approval.requested',
      status: 'pending',
    });
    expect(hook.holding()).toBe(1);

    // A decision tells the receiver too, just as fast, with the first message still unanswered.
    const cancel = await timed(() =>
      bff.request('POST', `/api/approvals/${approval.id}/cancel`, { body: {} }),
    );
    expect(cancel.result.status).toBe(200);
    expect(cancel.ms).toBeLessThan(QUICK_MS);
    await until(() => hook.received.length === 2);
    expect(hook.received[1]!.body).toMatchObject({
      event: 'approval.decided',
      status: 'cancelled',
    });
    expect(hook.holding()).toBe(2);
    expect((await bff.request('GET', `/api/withdrawals/${refId}`)).body).toMatchObject({
      status: 'not_sent',
    });
  });
});

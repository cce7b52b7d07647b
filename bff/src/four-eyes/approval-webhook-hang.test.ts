import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeldForApprovalResponseSchema } from '../../../contract/approvals';
import { SAMPLE_ADDRESSES, SEED_IDS } from '../../../sandbox/index';
import { startTestBff, type TestBff } from '../../test-support/start-test-bff';

// Issue 12: APPROVAL_WEBHOOK_URL "never blocks the request". A receiver that takes the message
// and then holds the connection without answering must not delay the answer to the operator.

const HANG_MS = 10_000;
/** Far below HANG_MS: the answer did not wait for the receiver. */
const QUICK_MS = 1_000;

/** A local receiver that reads each message and answers only after HANG_MS. */
function hangingReceiver() {
  const received: Array<{ event: string; status: string }> = [];
  const held = new Set<{ res: ServerResponse; timer: NodeJS.Timeout }>();
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      received.push(JSON.parse(text) as { event: string; status: string });
      const entry = {
        res,
        timer: setTimeout(() => {
          held.delete(entry);
          res.end();
        }, HANG_MS),
      };
      held.add(entry);
    });
  });
  return {
    received,
    /** How many messages are being held unanswered now. */
    holding: () => held.size,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
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

describe('APPROVAL_WEBHOOK_URL with a receiver that holds each message for 10 s', () => {
  const hook = hangingReceiver();
  let bff: TestBff;
  beforeAll(async () => {
    const url = await hook.listen();
    bff = await startTestBff({
      env: {
        APPROVAL_POLICY: JSON.stringify({
          withdrawals: { require: 'always' },
          addresses: { new_addresses: false, travel_rule_changes: false },
        }),
        APPROVAL_WEBHOOK_URL: url,
        WRITE_RATE_LIMIT_PER_MINUTE: '1000',
        LOG_LEVEL: 'warn',
      },
    });
    // Opens the embedded store now (seconds), not inside the timed requests.
    expect((await bff.request('GET', '/api/approvals')).status).toBe(200);
  });
  afterAll(async () => {
    await bff?.close();
    await hook.close();
  });

  const timed = async <T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> => {
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started };
  };

  it('a held withdrawal is answered 202 at once, and its cancellation 200, while the receiver holds every message', async () => {
    const refId = `hook-hang-${Date.now()}`;
    const submit = await timed(() =>
      bff.request('POST', '/api/withdrawals', {
        body: {
          profile_id: SEED_IDS.exampleProfile,
          destination_address: SAMPLE_ADDRESSES.evmA,
          crypto_network: 'ETHEREUM',
          asset: 'USDG',
          amount: '1.00',
          ref_id: refId,
        },
      }),
    );
    expect(submit.result.status).toBe(202);
    expect(submit.ms).toBeLessThan(QUICK_MS);
    const approval = HeldForApprovalResponseSchema.parse(submit.result.body).approval;
    // The message did go out, and the receiver is still sitting on it.
    await until(() => hook.received.length === 1);
    expect(hook.received[0]).toMatchObject({ event: 'approval.requested', status: 'pending' });
    expect(hook.holding()).toBe(1);

    // A decision tells the receiver too, just as fast, with the first message still unanswered.
    const cancel = await timed(() =>
      bff.request('POST', `/api/approvals/${approval.id}/cancel`, { body: {} }),
    );
    expect(cancel.result.status).toBe(200);
    expect(cancel.ms).toBeLessThan(QUICK_MS);
    await until(() => hook.received.length === 2);
    expect(hook.received[1]).toMatchObject({ event: 'approval.decided', status: 'cancelled' });
    expect(hook.holding()).toBe(2);
    expect((await bff.request('GET', `/api/withdrawals/${refId}`)).body).toMatchObject({
      status: 'not_sent',
    });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestSandbox, TestClock, type TestSandbox } from '../testing/test-support';

describe('GET /v2/all-markets/prices', () => {
  let s: TestSandbox;
  let clock: TestClock;

  beforeEach(async () => {
    clock = new TestClock();
    s = await startTestSandbox({ now: clock.now });
  });
  afterEach(async () => {
    await s.close();
  });

  it('answers the repeated markets without a token, at the prices of its own notional values', async () => {
    const answer = await s.call('GET', '/v2/all-markets/prices?markets=BTCUSD&markets=LTCUSD');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      items: [
        {
          market: 'BTCUSD',
          current_price: '60000',
          yesterday_price: '60000',
          snapshot_at: clock.now().toISOString(),
        },
        {
          market: 'LTCUSD',
          current_price: '80',
          yesterday_price: '80',
          snapshot_at: clock.now().toISOString(),
        },
      ],
    });
  });

  it('refuses a missing, unknown or unpublished market with a 400 problem', async () => {
    for (const query of [
      '',
      '?markets=NOPEUSD',
      '?markets=USDGUSD',
      '?market=BTCUSD',
      // Not published (issue 37): the sandbox prices SOL for its notional values, but the service
      // publishes no SOLUSD, and one unpublished market refuses the whole request.
      '?markets=SOLUSD',
      '?markets=BTCUSD&markets=SOLUSD',
      '?markets=USDCUSD',
      '?markets=PYUSDUSD',
    ]) {
      const answer = await s.call('GET', `/v2/all-markets/prices${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
    }
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestSandbox, TestClock, type TestSandbox } from '../testing/test-support';

// Issue 25, item 2: the published fee operation says a withdrawal that uses a guaranteed fee must
// give an `amount` no larger than the quote's `amount`; `total` + `fee_id` is refused.
const PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
const ETH_ADDRESS = '0x3A8e9b7c8d340626315788B48060469dFd080775';

describe('a guaranteed fee holds for an amount no larger than the quote’s', () => {
  let s: TestSandbox;
  let token: string;
  let quoteId: string;

  beforeEach(async () => {
    s = await startTestSandbox({ now: new TestClock().now, settleMs: 5000 });
    token = await s.token();
    const quote = await s.call('POST', '/v2/transfer/fees/crypto-withdrawal', {
      token,
      body: {
        asset: 'ETH',
        crypto_network: 'ETHEREUM',
        destination_address: ETH_ADDRESS,
        amount: '0.5',
      },
    });
    quoteId = (quote.body as { id: string }).id;
  });
  afterEach(async () => {
    await s.close();
  });

  const withdraw = (body: Record<string, unknown>) =>
    s.call('POST', '/v2/transfer/crypto-withdrawals', {
      token,
      body: {
        profile_id: PROFILE,
        crypto_network: 'ETHEREUM',
        asset: 'ETH',
        destination_address: ETH_ADDRESS,
        fee_id: quoteId,
        ...body,
      },
    });

  it('takes the quote’s amount or less, at the quoted fee', async () => {
    const less = await withdraw({ amount: '0.25', ref_id: 'g-1' });
    expect(less.status).toBe(200);
    expect(less.body).toMatchObject({ amount: '0.25', fee: '0.0004', total: '0.2504' });
  });

  it('refuses a larger amount with a 400 problem naming amount; nothing is created', async () => {
    const more = await withdraw({ amount: '0.5000001', ref_id: 'g-2' });
    expect(more.status).toBe(400);
    expect(more.body).toMatchObject({
      title: 'Bad Request',
      detail: expect.stringContaining('amount'),
    });
    expect(s.sandbox.transfers()).toEqual([]);
  });

  it('refuses total with fee_id with a 400 problem naming both; nothing is created', async () => {
    const total = await withdraw({ total: '0.5004', ref_id: 'g-3' });
    expect(total.status).toBe(400);
    const detail = (total.body as { detail: string }).detail;
    expect(detail).toContain('fee_id');
    expect(detail).toContain('total');
    expect(s.sandbox.transfers()).toEqual([]);
  });
});

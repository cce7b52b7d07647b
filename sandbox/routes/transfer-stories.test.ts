import { describe, expect, it } from 'vitest';
import { STORY_MEMOS } from '../seed/magic-values';
import { clockedSandboxPerTest } from '../testing/test-support';

const PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
const STELLAR_ADDRESS = 'GB63EL64H3EVJTUGHBLMMFDREEUJYNA32D746YXTXB7FWYZIM6O6XU2L';

// The service's other transfer stories, played out by a memo, so the console's live status (the
// secondary status and status details in words) is tried against the local upstream too.
describe('transfer stories of the local upstream', () => {
  const t = clockedSandboxPerTest();

  async function playOut(memo: string, refId: string) {
    const created = await t.s.call('POST', '/v2/transfer/crypto-withdrawals', {
      token: t.token,
      body: {
        profile_id: PROFILE,
        crypto_network: 'STELLAR',
        asset: 'XLM',
        destination_address: STELLAR_ADDRESS,
        amount: '1',
        ref_id: refId,
        memo,
      },
    });
    expect(created.status).toBe(200);
    const id = (created.body as { id: string }).id;
    const read = async () =>
      (await t.s.call('GET', `/v2/transfer/transfers/${id}`, { token: t.token })).body as Record<
        string,
        unknown
      >;
    const pending = await read();
    t.clock.advance(5000);
    return { pending, settled: await read() };
  }

  it.each([
    ['SANDBOX_TRAVEL_RULE_REQUESTED', 'TRAVEL_RULE_INFO_REQUESTED'],
    ['SANDBOX_CUSTOMER_APPROVAL', 'PENDING_CUSTOMER_APPROVAL'],
  ])('%s: PENDING with %s, then COMPLETED without it', async (memo, name) => {
    const { pending, settled } = await playOut(memo, `story-${memo}`);
    expect(pending).toMatchObject({
      status: 'PENDING',
      secondary_status: { name, detail: expect.any(String) },
    });
    expect(settled).toMatchObject({ status: 'COMPLETED', crypto_tx_hash: expect.any(String) });
    expect(settled).not.toHaveProperty('secondary_status');
    expect(settled).not.toHaveProperty('status_details');
  });

  it.each([
    ['SANDBOX_TRAVEL_RULE_REJECTED', 'TRAVEL_RULE_REJECTED'],
    ['SANDBOX_CUSTOMER_REJECTED', 'CUSTOMER_REJECTED'],
  ])('%s: FAILED with %s and no transaction hash', async (memo, name) => {
    const { pending, settled } = await playOut(memo, `story-${memo}`);
    expect(pending).toMatchObject({ status: 'PENDING' });
    expect(pending).not.toHaveProperty('secondary_status');
    expect(settled).toMatchObject({ status: 'FAILED', secondary_status: { name } });
    expect(settled).not.toHaveProperty('crypto_tx_hash');
  });

  it.each([
    ['SANDBOX_MISSING_TRUSTLINE', 'missing_trustline'],
    ['SANDBOX_STALE_FEE_QUOTE', 'stale_fee_quote'],
  ])('%s: FAILED with the status detail %s', async (memo, key) => {
    const { settled } = await playOut(memo, `story-${memo}`);
    expect(settled).toMatchObject({
      status: 'FAILED',
      status_details: { [key]: { message: expect.any(String) } },
    });
    expect(Object.keys(settled.status_details as object)).toEqual([key]);
  });

  it('every story memo is covered above', () => {
    expect(Object.keys(STORY_MEMOS).sort()).toEqual(
      [
        'SANDBOX_CUSTOMER_APPROVAL',
        'SANDBOX_CUSTOMER_REJECTED',
        'SANDBOX_MISSING_TRUSTLINE',
        'SANDBOX_STALE_FEE_QUOTE',
        'SANDBOX_TRAVEL_RULE_REJECTED',
        'SANDBOX_TRAVEL_RULE_REQUESTED',
      ].sort(),
    );
  });
});

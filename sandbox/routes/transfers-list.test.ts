import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../testing/test-support';

const PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
const ETH_ADDRESS = '0x3A8e9b7c8d340626315788B48060469dFd080775';

interface ListAnswer {
  items: Array<Record<string, string>>;
  next_page_cursor: string;
}

describe('GET /v2/transfer/transfers: every transfer of the account', () => {
  let s: TestSandbox;
  let token: string;

  beforeEach(async () => {
    s = await startTestSandbox();
    token = await s.token();
  });
  afterEach(async () => {
    await s.close();
  });

  const list = async (query: string) => {
    const answer = await s.call('GET', `/v2/transfer/transfers${query}`, { token });
    expect(answer.status).toBe(200);
    return answer.body as ListAnswer;
  };

  it('lists the seeded history of several types, newest first, and a cursor that is a string', async () => {
    const all = await list('');
    const types = new Set(all.items.map((t) => t.type));
    expect(types).toEqual(
      new Set([
        'CRYPTO_DEPOSIT',
        'WIRE_DEPOSIT',
        'INTERNAL_TRANSFER_DEBIT',
        'INTERNAL_TRANSFER_CREDIT',
        'CRYPTO_WITHDRAWAL',
      ]),
    );
    const created = all.items.map((t) => Date.parse(t.created_at!));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(all.next_page_cursor).toBe('');
  });

  it('lists history added through the hook (the bench seeds a large one) and reads it by id', async () => {
    const at = new Date(Date.now() + 60_000).toISOString();
    s.sandbox.addTransferHistory([
      {
        id: 'added-1',
        status: 'SETTLING',
        type: 'TELEPORT_DEPOSIT',
        amount: '1',
        asset: 'USD',
        created_at: at,
        updated_at: at,
      } as never,
    ]);
    const newest = await list('?limit=1');
    expect(newest.items[0]).toMatchObject({ id: 'added-1', type: 'TELEPORT_DEPOSIT' });
    expect(newest.next_page_cursor).not.toBe('');
    const byType = await list('?type=TELEPORT_DEPOSIT&statuses=SETTLING');
    expect(byType.items.map((t) => t.id)).toEqual(['added-1']);
    const one = await s.call('GET', '/v2/transfer/transfers/added-1', { token });
    expect(one.body).toMatchObject({ id: 'added-1', status: 'SETTLING' });
  });

  it('filters by type, status, created_at range and pages in ascending order', async () => {
    const withdrawals = await list('?type=CRYPTO_WITHDRAWAL');
    expect(withdrawals.items.length).toBe(2);
    expect(withdrawals.items.every((t) => t.type === 'CRYPTO_WITHDRAWAL')).toBe(true);
    const deposits = await list('?type=CRYPTO_DEPOSIT&type=WIRE_DEPOSIT&statuses=COMPLETED');
    expect(deposits.items.map((t) => t.type).sort()).toEqual(['CRYPTO_DEPOSIT', 'WIRE_DEPOSIT']);

    const asc = await list('?order=ASC&order_by=CREATED_AT&limit=3');
    expect(asc.items).toHaveLength(3);
    expect(asc.next_page_cursor).not.toBe('');
    const rest = await list(
      `?order=ASC&order_by=CREATED_AT&limit=3&page_cursor=${asc.next_page_cursor}`,
    );
    const times = [...asc.items, ...rest.items].map((t) => Date.parse(t.created_at!));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const pivot = asc.items[2]!.created_at!;
    const after = await list(`?order=ASC&created_at.gt=${encodeURIComponent(pivot)}`);
    expect(after.items.every((t) => Date.parse(t.created_at!) > Date.parse(pivot))).toBe(true);
    const byTx = await list(`?crypto_tx_hashes=${asc.items[0]!.crypto_tx_hash ?? 'none'}`);
    expect(byTx.items.length).toBeLessThanOrEqual(1);
  });

  it('refuses unknown parameters, a bad order and a bad timestamp with a 400', async () => {
    for (const query of ['?colour=red', '?order=SIDEWAYS', '?created_at.gte=yesterday']) {
      const answer = await s.call('GET', `/v2/transfer/transfers${query}`, { token });
      expect(answer.status, query).toBe(400);
    }
  });

  it('lists a withdrawal made elsewhere through the control route, as another client would', async () => {
    const made = await s.call('POST', '/__sandbox/transfers/elsewhere', {
      body: {
        profile_id: PROFILE,
        asset: 'ETH',
        crypto_network: 'ETHEREUM',
        destination_address: ETH_ADDRESS,
        amount: '0.01',
      },
    });
    expect(made.status).toBe(201);
    const id = (made.body as { id: string }).id;
    const newest = await list('?type=CRYPTO_WITHDRAWAL&limit=1');
    expect(newest.items[0]!.id).toBe(id);
    const one = await s.call('GET', `/v2/transfer/transfers/${id}`, { token });
    expect(one.status).toBe(200);
    const refused = await s.call('POST', '/__sandbox/transfers/elsewhere', {
      body: { profile_id: PROFILE, asset: 'ETH' },
    });
    expect(refused.status).toBe(400);
  });
});

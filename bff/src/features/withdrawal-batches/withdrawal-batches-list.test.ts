import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListWithdrawalBatchesResponse, WithdrawalBatch } from '#contract/withdrawal-batches';
import { ANA, batchCsv, startBatchHarness, type BatchHarness } from '#bff-test/batch-harness';
import { ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';

// GET /api/withdrawal-batches: the way back to a batch whose page was left. Newest first by the
// one keyset pager, a status filter, and every other query refused as problem+json.

const SCHEMA = 'test_withdrawal_batch_list';

describe.each(ALL_BACKENDS)('the list of withdrawal batches on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  let h: BatchHarness;
  const ids: string[] = [];
  beforeAll(async () => {
    h = await startBatchHarness(backend, SCHEMA);
    const tag = `list-${Date.now()}`;
    // Oldest first: one sent to the end, one with an invalid row, one of 0.5 USDG rows.
    for (const csv of [
      batchCsv(`${tag}-a`, 2),
      `${batchCsv(`${tag}-b`, 2).trimEnd()}\r\nnot-a-profile-id,USDG,ETHEREUM,0xnope,abc,,,,\r\n`,
      batchCsv(`${tag}-c`, 3, '0.5'),
    ]) {
      const res = await h.upload(csv);
      expect(res.status).toBe(201);
      ids.push((res.body as WithdrawalBatch).id);
    }
    expect((await h.post(`/api/withdrawal-batches/${ids[0]}/submit`)).status).toBe(200);
    expect((await h.sendAll(ids[0]!)).status).toBe('done');
  }, 60_000);
  afterAll(() => h?.close());

  const list = async (query: string) => {
    const res = await h.bff.request('GET', `/api/withdrawal-batches${query}`, { headers: ANA });
    expect(res.status).toBe(200);
    return res.body as ListWithdrawalBatchesResponse;
  };

  it('lists the batches newest first with their rows tallied and totals per asset', async () => {
    const { batches, next_cursor } = await list('');
    expect(next_cursor).toBeUndefined();
    expect(batches.map((b) => b.id)).toEqual([...ids].reverse());
    const [c, b, a] = batches;
    expect(a).toMatchObject({
      status: 'done',
      rows: 2,
      counts: { created: 2 },
      totals: [{ asset: 'USDG', quantity: '0.02' }],
      created_by: { subject: 'ana', name: expect.any(String) },
    });
    expect(a!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    // The invalid row (its amount no number) counts as a row, not in the totals.
    expect(b).toMatchObject({
      status: 'draft',
      rows: 3,
      counts: { ready: 2, invalid: 1 },
      totals: [{ asset: 'USDG', quantity: '0.02' }],
    });
    expect(c).toMatchObject({ rows: 3, totals: [{ asset: 'USDG', quantity: '1.5' }] });
  });

  it('pages by cursor, every batch once, also when they were created at the same instant', async () => {
    const first = await list('?limit=2');
    expect(first.batches.map((b) => b.id)).toEqual([ids[2], ids[1]]);
    const second = await list(`?limit=2&cursor=${first.next_cursor}`);
    expect(second.batches.map((b) => b.id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeUndefined();

    // Equal times: the id's position breaks the tie, and no page repeats or skips a batch.
    await h.store.db.query(
      `UPDATE withdrawal_batches SET created_at = '2026-01-01T00:00:00Z' WHERE id = ANY($1::text[])`,
      [ids],
    );
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 5; page++) {
      const res = await list(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...res.batches.map((b) => b.id));
      if (!res.next_cursor) break;
      cursor = res.next_cursor;
    }
    expect([...seen].sort()).toEqual([...ids].sort());
  });

  it('filters by status', async () => {
    expect((await list('?status=done')).batches.map((b) => b.id)).toEqual([ids[0]]);
    expect((await list('?status=draft')).batches.map((b) => b.id).sort()).toEqual(
      [ids[1], ids[2]].sort(),
    );
    expect((await list('?status=cancelled')).batches).toEqual([]);
  });

  it.each([
    ['?status=finished', 'status'],
    ['?limit=0', 'limit'],
    ['?limit=201', 'limit'],
    ['?limit=abc', 'limit'],
    ['?cursor=not-a-cursor', 'cursor'],
    ['?colour=blue', ''],
  ])('refuses %s as problem+json', async (query, path) => {
    const res = await h.bff.request('GET', `/api/withdrawal-batches${query}`, { headers: ANA });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    if (path)
      expect((res.body as { errors: Array<{ path: string }> }).errors).toContainEqual(
        expect.objectContaining({ path }),
      );
  });

  it('is read by ledger roles only', async () => {
    const res = await h.bff.request('GET', '/api/withdrawal-batches', {
      headers: { ...ANA, 'x-forwarded-groups': 'nobody' },
    });
    expect(res.status).toBe(403);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenedStore } from '#bff/store/open-store';
import { ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import { ProblemSchema } from '#contract/problem';
import type { Transfer } from '#contract/withdrawals';
import { storeAndBffForSuite } from '#bff-test/test-bff-for-suite';

// Issue 24 item 4: the ledger filters by date range and asset, searches by the start of a ref_id,
// a transaction hash or a destination address, and exports every matching record as CSV.

const ETH_ADDRESS = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const SOL_ADDRESS = 'GJRs4FwHtemZ5ZE9x3FNvJ8TMwitKTh21yxdRPqn7npE';
const ETH_HASH = '0xAbCdEf0123456789abcdef0123456789abcdef0123456789abcdef0123456789';
const SOL_HASH =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

interface Seeded {
  refId: string;
  network: string;
  address: string;
  asset: string;
  hash?: string;
  /** created_at, set after the insert. */
  at: string;
}

const SEEDED: Seeded[] = [
  {
    refId: 'alpha-eth-1',
    network: 'ETHEREUM',
    address: ETH_ADDRESS,
    asset: 'ETH',
    hash: ETH_HASH,
    at: '2026-03-01T10:00:00Z',
  },
  {
    refId: 'alpha-btc-2',
    network: 'BITCOIN',
    address: BTC_ADDRESS,
    asset: 'BTC',
    at: '2026-04-01T10:00:00Z',
  },
  {
    refId: 'beta-sol-3',
    network: 'SOLANA',
    address: SOL_ADDRESS,
    asset: 'SOL',
    hash: SOL_HASH,
    at: '2026-05-01T10:00:00Z',
  },
  {
    refId: '=cmd|calc',
    network: 'ETHEREUM',
    address: ETH_ADDRESS.toLowerCase(),
    asset: 'USDG',
    at: '2026-06-01T10:00:00Z',
  },
  // LIKE's own characters in a ref_id are text like any other.
  {
    refId: '50%_off',
    network: 'ETHEREUM',
    address: ETH_ADDRESS,
    asset: 'USDG',
    at: '2026-07-01T10:00:00Z',
  },
  {
    refId: '50-percent',
    network: 'ETHEREUM',
    address: ETH_ADDRESS,
    asset: 'USDG',
    at: '2026-07-02T10:00:00Z',
  },
];

async function seed(store: OpenedStore): Promise<void> {
  for (const row of SEEDED) {
    const request = {
      profile_id: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
      destination_address: row.address,
      crypto_network: row.network,
      asset: row.asset,
      amount: '1.25',
    };
    await store.ledger.recordIntent(
      {
        refId: row.refId,
        operator: { subject: 'alice', name: 'Alice' },
        requestHash: row.refId,
        request,
      },
      { requestId: `req-${row.refId}`, leaseMs: 60_000 },
    );
    const transfer = {
      id: `t-${row.refId}`,
      status: 'COMPLETED',
      amount: '1.25',
      asset: row.asset,
      ...(row.hash ? { crypto_tx_hash: row.hash } : {}),
    } as Transfer;
    await store.ledger.recordOutcome(
      row.refId,
      1,
      { kind: 'created', transfer, replayed: false },
      200,
    );
    await store.db.query('UPDATE withdrawals SET created_at = $2 WHERE ref_id = $1', [
      row.refId,
      row.at,
    ]);
  }
}

describe('destination_search', () => {
  it('is written by every statement that records a withdrawal (else the search misses it)', () => {
    const store = fileURLToPath(new URL('../../store/', import.meta.url));
    const inserts = readdirSync(store)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .flatMap((name) =>
        [
          ...readFileSync(`${store}${name}`, 'utf8').matchAll(
            /INSERT INTO withdrawals \(([^)]*)\)/g,
          ),
        ].map((match) => ({ name, columns: match[1]! })),
      );
    expect(inserts.map((insert) => insert.name).sort()).toEqual([
      'sql-approval-hold.ts',
      'sql-withdrawal-ledger.ts',
    ]);
    for (const insert of inserts) expect(insert.columns, insert.name).toMatch(/destination_search/);
  });
});

describe.each(ALL_BACKENDS)('the ledger filters, search and CSV export on %s', (backend) => {
  if (skipWithoutServer(backend)) return;

  const { store, bff } = storeAndBffForSuite(backend, 'test_ledger_search', () => ({
    env: { LOG_LEVEL: 'warn' },
  }));
  beforeAll(() => seed(store));

  const refIds = async (query: string) => {
    const res = await bff.request('GET', `/api/withdrawals?${query}`);
    expect(res.status).toBe(200);
    return (res.body as { withdrawals: Array<{ ref_id: string }> }).withdrawals.map(
      (w) => w.ref_id,
    );
  };

  it('filters by asset and by a date range (from inclusive, to exclusive)', async () => {
    expect(await refIds('asset=USDG')).toEqual(['50-percent', '50%_off', '=cmd|calc']);
    expect(await refIds('from=2026-04-01T10:00:00Z&to=2026-06-01T10:00:00Z')).toEqual([
      'beta-sol-3',
      'alpha-btc-2',
    ]);
    expect(await refIds('asset=USDG&from=2026-07-01T00:00:00%2B00:00')).toEqual([
      '50-percent',
      '50%_off',
    ]);
  });

  it('pages through a date range newest first by time, each record once', async () => {
    const range = 'from=2026-03-01T10:00:00Z&to=2026-07-02T00:00:00Z';
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await bff.request(
        'GET',
        `/api/withdrawals?${range}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const body = res.body as { withdrawals: Array<{ ref_id: string }>; next_cursor?: string };
      seen.push(...body.withdrawals.map((w) => w.ref_id));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['50%_off', '=cmd|calc', 'beta-sol-3', 'alpha-btc-2', 'alpha-eth-1']);
  });

  it('searches by the start of a ref_id, with % and _ taken literally', async () => {
    expect(await refIds('q=alpha')).toEqual(['alpha-btc-2', 'alpha-eth-1']);
    expect(await refIds('q=50%25')).toEqual(['50%_off']);
    expect(await refIds('q=50_')).toEqual([]);
    // A ref_id is matched as written.
    expect(await refIds('q=ALPHA')).toEqual([]);
    // Only the start: the middle of a ref_id does not match.
    expect(await refIds('q=eth')).toEqual([]);
  });

  it('searches an address by its start, in any case where its network ignores case', async () => {
    const ethRefs = ['50-percent', '50%_off', '=cmd|calc', 'alpha-eth-1'];
    expect(await refIds('q=0x8cf798')).toEqual(ethRefs);
    expect(await refIds('q=0X8CF798A5')).toEqual(ethRefs);
    expect(await refIds(`q=${BTC_ADDRESS.slice(0, 12).toUpperCase()}`)).toEqual(['alpha-btc-2']);
    // Base58: the case carries information, so only the case as written matches.
    expect(await refIds(`q=${SOL_ADDRESS.slice(0, 8)}`)).toEqual(['beta-sol-3']);
    expect(await refIds(`q=${SOL_ADDRESS.slice(0, 8).toLowerCase()}`)).toEqual([]);
    // Surrounding spaces of a paste do not count.
    expect(await refIds(`q=%20${SOL_ADDRESS.slice(0, 8)}%20`)).toEqual(['beta-sol-3']);
  });

  it('searches a transaction hash by its start: hex in any case, base58 as written', async () => {
    expect(await refIds('q=0xabcdef01')).toEqual(['alpha-eth-1']);
    expect(await refIds('q=0XABCDEF01')).toEqual(['alpha-eth-1']);
    expect(await refIds(`q=${SOL_HASH.slice(0, 10)}`)).toEqual(['beta-sol-3']);
    expect(await refIds(`q=${SOL_HASH.slice(0, 10).toUpperCase()}`)).toEqual([]);
  });

  it('combines the search with the other filters and pages through the matches', async () => {
    expect(await refIds('q=0x8cf7&asset=ETH')).toEqual(['alpha-eth-1']);
    const first = await bff.request('GET', '/api/withdrawals?q=0x8cf7&limit=3');
    const body = first.body as { withdrawals: Array<{ ref_id: string }>; next_cursor?: string };
    expect(body.withdrawals.map((w) => w.ref_id)).toEqual(['50-percent', '50%_off', '=cmd|calc']);
    expect(await refIds(`q=0x8cf7&limit=3&cursor=${body.next_cursor}`)).toEqual(['alpha-eth-1']);
  });

  it.each([
    ['asset=eth', 'asset'],
    ['asset=', 'asset'],
    ['from=2026-13-01T00:00:00Z', 'from'],
    ['to=yesterday', 'to'],
    ['from=2026-05-01T00:00:00Z&to=2026-04-01T00:00:00Z', 'to'],
    ['q=', 'q'],
    ['q=%20%20', 'q'],
    [`q=${'a'.repeat(129)}`, 'q'],
    ['q=a%00b', 'q'],
    ['search=x', ''],
  ])(
    'refuses %s with a 400 problem naming %s, on the list and the export',
    async (query, field) => {
      for (const path of ['/api/withdrawals', '/api/withdrawals.csv']) {
        const res = await bff.request('GET', `${path}?${query}`);
        expect(res.status).toBe(400);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        const problem = ProblemSchema.parse(res.body);
        if (field) expect(problem.errors?.map((e) => e.path)).toContain(field);
      }
    },
  );

  it('exports every matching record as CSV, the formula guard on, with its completion line', async () => {
    const res = await bff.request('GET', '/api/withdrawals.csv?asset=USDG');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="withdrawals.csv"/);
    const lines = res.text.split('\r\n');
    expect(lines[0]).toMatch(/^ref_id,status,created_at,/);
    expect(lines.slice(1, 4).map((l) => l.split(',')[0])).toEqual([
      '50-percent',
      '50%_off',
      "'=cmd|calc",
    ]);
    expect(lines[1]).toContain(',1.25,');
    expect(lines[4]).toBe('# export complete: 3 rows');
    expect(lines[5]).toBe('');

    const all = await bff.request('GET', '/api/withdrawals.csv?limit=1');
    expect(all.text.trim().split('\r\n')).toHaveLength(SEEDED.length + 2);
  });

  it('exports more than one page of records (500 a page) in order, each once', async () => {
    await store.db.query(
      `INSERT INTO withdrawals (ref_id, status, operator_subject, operator_name, request_hash,
         request, crypto_network, destination_search)
       SELECT 'bulk-' || lpad(g::text, 4, '0'), 'created', 'bob', 'Bob', 'h',
              jsonb_build_object('asset', 'PYUSD', 'crypto_network', 'ETHEREUM'), 'ETHEREUM', NULL
         FROM generate_series(1, 1203) AS g`,
    );
    const res = await bff.request('GET', '/api/withdrawals.csv?asset=PYUSD');
    const lines = res.text.trim().split('\r\n');
    expect(lines.at(-1)).toBe('# export complete: 1203 rows');
    const refs = lines.slice(1, -1).map((l) => l.split(',')[0]!);
    expect(new Set(refs).size).toBe(1203);
    expect(refs[0]).toBe('bulk-1203');
    expect(refs.at(-1)).toBe('bulk-0001');
  });

  it('reads the ledger with the roles that read it: no role, no export', async () => {
    const res = await bff.request('GET', '/api/withdrawals.csv', {
      headers: { 'x-dev-roles': 'none' },
    });
    expect(res.status).toBe(403);
  });

  it('the search and the filters use indexes, not a scan of the ledger', async () => {
    const plan = async (sql: string, params: unknown[]) =>
      (await store.db.query<Record<string, string>>(`EXPLAIN ${sql}`, params as string[]))
        .map((row) => Object.values(row)[0])
        .join('\n');
    await store.db.query('SET enable_seqscan = off');
    try {
      const search = await plan(
        `SELECT ref_id FROM withdrawals WHERE ref_id LIKE $1 OR destination_search LIKE $2
           OR destination_search LIKE $3 OR tx_hash_search LIKE $2 OR tx_hash_search LIKE $3`,
        ['0x8c%', 's:0x8c%', 'i:0x8c%'],
      );
      expect(search).toMatch(/withdrawals_ref_id_prefix/);
      expect(search).toMatch(/withdrawals_destination_prefix/);
      expect(search).toMatch(/withdrawals_tx_hash_prefix/);
      expect(
        await plan(`SELECT ref_id FROM withdrawals WHERE request->>'asset' = $1`, ['ETH']),
      ).toMatch(/withdrawals_asset_seq/);
    } finally {
      await store.db.query('RESET enable_seqscan');
    }
  });
});

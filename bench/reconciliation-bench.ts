// Reconciliation, server side (issue 39): 10,000 service transfers against 10,000 ledger records,
// through the BFF's own reconcile() (the page walk, one ledger query a page, the ledger walk and
// its look-ups by ref_id). The service answers from memory (a fake upstream client, no HTTP), so
// what is timed is the BFF's side; the heap's growth shows whether memory stays flat.
// Run alone: npx tsx bench/reconciliation-bench.ts (PGlite), with TEST_DATABASE_URL also PostgreSQL.
import { randomUUID } from 'node:crypto';
import type { Transfer } from '#contract/withdrawals';
import { reconcile } from '#bff/features/activity/reconcile';
import { createLogger } from '#bff/logger';
import { openStore } from '#bff/store/open-store';
import type { UpstreamClient, UpstreamResponse } from '#bff/upstream/upstream-client';
import type { BenchSection } from './bench-report';

const N = 10_000;

/** The service's list from memory: page_cursor is an offset; ref_ids filters. */
function memoryUpstream(transfers: readonly Transfer[]): UpstreamClient {
  const answer = (value: unknown): UpstreamResponse =>
    ({
      status: 200,
      headers: {},
      body: { text: async () => JSON.stringify(value), dump: async () => {} },
      possiblyCommitted: false,
      attempts: 1,
    }) as unknown as UpstreamResponse;
  return {
    async call(_operation, options) {
      const query = new URLSearchParams(options?.query ?? '');
      const refIds = query.getAll('ref_ids');
      if (refIds.length > 0) {
        const wanted = new Set(refIds);
        return answer({ items: transfers.filter((t) => t.ref_id && wanted.has(t.ref_id)) });
      }
      const limit = Number(query.get('limit') ?? 100);
      const offset = Number(query.get('page_cursor') ?? 0);
      const next = offset + limit < transfers.length ? String(offset + limit) : '';
      return answer({ items: transfers.slice(offset, offset + limit), next_page_cursor: next });
    },
  } as UpstreamClient;
}

async function runOn(databaseUrl: string | undefined) {
  const store = await openStore(
    databaseUrl ? { databaseUrl, schema: `bench_reconcile_${process.pid}` } : {},
  );
  try {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    await store.db.query(
      `INSERT INTO withdrawals (ref_id, status, operator_subject, operator_name, request_hash,
         request, transfer, created_at)
       SELECT 'bench-' || g, 'created', 'bench', 'Bench', 'h', '{}'::jsonb,
         jsonb_build_object('id', 'tid-' || g, 'status', 'COMPLETED'), $1::timestamptz
       FROM generate_series(1, $2::int) g`,
      [from, N],
    );
    // 9,000 of the ledger's transfers (a third without ref_id: matched by id), 1,000 elsewhere;
    // the ledger's other 1,000 are in the ledger only.
    const transfers: Transfer[] = Array.from({ length: N }, (_, i) => ({
      id: i < 9_000 ? `tid-${i + 1}` : randomUUID(),
      status: i % 50 === 0 ? 'PENDING' : 'COMPLETED',
      type: 'CRYPTO_WITHDRAWAL',
      amount: '1.00',
      asset: 'USDG',
      created_at: from,
      ...(i < 9_000 && i % 3 !== 0 ? { ref_id: `bench-${i + 1}` } : {}),
    }));
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const began = performance.now();
    const result = await reconcile(
      {
        upstream: memoryUpstream(transfers),
        ledger: store.activity!,
        logger: createLogger('silent'),
      },
      { from, to: new Date().toISOString() },
    );
    const ms = performance.now() - began;
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1_048_576;
    return {
      backend: databaseUrl ? 'PostgreSQL' : 'PGlite',
      'server side (ms)': Math.round(ms),
      matched: result.counts.matched,
      'status differs': result.counts.status_differs,
      'service only': result.counts.service_only,
      'ledger only': result.counts.ledger_only,
      'heap growth (MB)': heapMb.toFixed(1),
    };
  } finally {
    if (databaseUrl)
      await store.db.query(`DROP SCHEMA IF EXISTS bench_reconcile_${process.pid} CASCADE`);
    await store.close();
  }
}

export async function runReconciliationBench(): Promise<BenchSection> {
  const url = process.env.TEST_DATABASE_URL || process.env.BENCH_DATABASE_URL;
  const rows = [await runOn(undefined), ...(url ? [await runOn(url)] : [])];
  return {
    title: `Reconciliation: ${N.toLocaleString('en-US')} service transfers against ${N.toLocaleString('en-US')} ledger records`,
    rows,
    notes: [
      'Target: under 2 s server side, memory flat (the ids seen, not the transfers; lists capped at 500 a group).',
      'The service answers from memory: its own time and the network are not in the figure.',
    ],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printSection } = await import('./bench-report');
  printSection(await runReconciliationBench());
}

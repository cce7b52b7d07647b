// Seeds the ledger and the audit trail at scale (issue 27 item 4: 1,000,000 audit events and
// 300,000 withdrawals) for bench/scale-bench.ts. Each batch is one INSERT … SELECT over
// generate_series, built by the database itself: nothing crosses the wire but the statement,
// so it runs at the same speed on PostgreSQL and on PGlite (where COPY FROM STDIN is not there).
//
// Alone: `npx tsx bench/seed-scale.ts` seeds BENCH_DATABASE_URL (schema bench_scale) or, without
// it, PGlite in SCALE_DATA_DIR (a new temp dir by default); SCALE_AUDIT and SCALE_LEDGER set the
// counts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AUDIT_ACTIONS } from '#contract/audit';
import type { Queryable } from '#bff/store/database';
import { addAuditOperators, operatorSearchText } from '#bff/store/sql-audit-operators';

export const SCALE_AUDIT = Number(process.env.SCALE_AUDIT ?? 1_000_000);
export const SCALE_LEDGER = Number(process.env.SCALE_LEDGER ?? 300_000);
/** Rows per statement: large enough to amortise a statement, small enough for PGlite's memory. */
const BATCH = Number(process.env.SCALE_BATCH ?? 50_000);
/** The seeded history: a year, evenly, newest ending at the seed's start. */
const SCALE_SPAN_DAYS = 365;
/** Operators in the seeded history: each one acts on 1/20 of the events and withdrawals. */
const SCALE_OPERATORS = 20;

interface SeedCounts {
  audit: number;
  ledger: number;
}

export interface SeedResult extends SeedCounts {
  auditSeconds: number;
  ledgerSeconds: number;
  /** ANALYZE after the inserts (the planner's statistics), in seconds. */
  analyzeSeconds: number;
  /** The seed's "now": every seeded time is before it. */
  endsAt: Date;
}

/**
 * Audit events 1..n: at spread evenly over the span (in id order, as appends are), 20 operators,
 * every action, a ref_id or address target, the outcomes a submit has.
 */
const AUDIT_BATCH_SQL = `
  INSERT INTO audit_events (at, operator_subject, roles, action, target, request_hash, outcome,
    upstream_status, request_id)
  SELECT $1::timestamptz + (g * $2::double precision) * interval '1 millisecond',
         'operator-' || (g % ${SCALE_OPERATORS}),
         ARRAY['viewer', 'withdrawal-initiator'],
         ($3::text[])[1 + g % cardinality($3::text[])],
         CASE WHEN g % 2 = 0 THEN md5('ref' || g)::uuid::text
              ELSE 'ETHEREUM:0x' || substr(md5('a' || (g % 5000)), 1, 40) || ':' END,
         md5(g::text),
         (ARRAY['created', 'created', 'created', 'refused', 'unknown', 'replayed'])[1 + g % 6],
         CASE WHEN g % 6 = 3 THEN 422 WHEN g % 6 = 4 THEN NULL ELSE 200 END,
         'req-' || g
    FROM generate_series($4::bigint, $5::bigint) AS g`;

/**
 * Withdrawals 1..n. Three address families with their case rules, as ledger-search.ts writes
 * destination_search: ETHEREUM (hex, EIP-55-like mixed case, folded), BITCOIN (bech32, folded),
 * SOLANA (base58, as written); tx hashes hex (0x… or bare) or base58. Statuses as a ledger has
 * them: mostly created, some refused, few unknown, held or not sent.
 */
const LEDGER_BATCH_SQL = `
  WITH rows AS (
    SELECT g,
           $1::timestamptz + (g * $2::double precision) * interval '1 millisecond' AS at,
           (ARRAY['ETHEREUM', 'ETHEREUM', 'BITCOIN', 'SOLANA'])[1 + g % 4] AS network,
           md5('w' || g) AS h1, md5('x' || g) AS h2
      FROM generate_series($3::bigint, $4::bigint) AS g
  ), shaped AS (
    SELECT g, at, network, h1, h2,
           CASE network
             WHEN 'ETHEREUM' THEN '0x' || upper(substr(h1, 1, 6)) || substr(h1 || h2, 7, 34)
             WHEN 'BITCOIN' THEN 'bc1q' || translate(substr(h1 || h2, 1, 38), '01b', 'xyz')
             ELSE translate(substr(h1 || upper(h2), 1, 44), '0OIl', '1234')
           END AS address,
           CASE network
             WHEN 'ETHEREUM' THEN (ARRAY['ETH', 'USDG', 'PYUSD', 'USDC'])[1 + (g / 4) % 4]
             WHEN 'BITCOIN' THEN 'BTC'
             ELSE 'SOL'
           END AS asset,
           CASE WHEN g % 50 = 7 THEN 'refused' WHEN g % 1000 = 11 THEN 'unknown'
                WHEN g % 1000 = 13 THEN 'awaiting_approval' WHEN g % 1000 = 17 THEN 'not_sent'
                ELSE 'created' END AS status
      FROM rows
  )
  INSERT INTO withdrawals (ref_id, status, operator_subject, operator_name, request_hash, request,
    crypto_network, transfer, problem, current_attempt, created_at, updated_at, destination_search)
  SELECT md5('ref' || g)::uuid::text, status,
         'operator-' || (g % ${SCALE_OPERATORS}), 'Operator ' || (g % ${SCALE_OPERATORS}),
         md5(g::text),
         jsonb_build_object('profile_id', 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
           'destination_address', address, 'crypto_network', network, 'asset', asset,
           'amount', ((g % 997) + 1)::text || '.' || lpad((g % 100)::text, 2, '0')),
         network,
         CASE WHEN status = 'created' THEN jsonb_build_object('id', md5('t' || g)::uuid::text,
           'status', CASE WHEN g % 20 = 0 THEN 'PENDING' ELSE 'COMPLETED' END,
           'amount', ((g % 997) + 1)::text || '.' || lpad((g % 100)::text, 2, '0'),
           'asset', asset, 'crypto_network', network,
           'crypto_tx_hash', CASE network WHEN 'ETHEREUM' THEN '0x' || h2 || h1
                                          WHEN 'BITCOIN' THEN h1 || h2
                                          ELSE translate(h2 || upper(h1) || h2, '0OIl', '5678') END)
         END,
         CASE WHEN status = 'refused' THEN jsonb_build_object('title', 'Unprocessable Entity',
           'status', 422, 'detail', 'Insufficient funds') END,
         1, at, at,
         CASE network WHEN 'SOLANA' THEN 's:' || address ELSE 'i:' || lower(address) END
    FROM shaped`;

/**
 * The seeded operators' names for the audit trail's operator filter (migration 019): the events'
 * INSERT adds each subject's own search text (a trigger), the BFF adds the name when it appends.
 */
async function seedOperatorNames(db: Queryable): Promise<void> {
  for (let n = 0; n < SCALE_OPERATORS; n += 1) {
    const subject = `operator-${n}`;
    await db.query(addAuditOperators('VALUES ($1, $2)'), [
      subject,
      operatorSearchText(subject, `Operator ${n}`),
    ]);
  }
}

async function inBatches(
  total: number,
  run: (first: number, last: number) => Promise<unknown>,
): Promise<number> {
  const started = performance.now();
  for (let first = 1; first <= total; first += BATCH)
    await run(first, Math.min(total, first + BATCH - 1));
  return (performance.now() - started) / 1000;
}

/** Appends `counts` rows to an open, migrated store's tables (they may hold rows already). */
export async function seedScale(
  db: Queryable,
  counts: SeedCounts = { audit: SCALE_AUDIT, ledger: SCALE_LEDGER },
): Promise<SeedResult> {
  const endsAt = new Date();
  const spanMs = SCALE_SPAN_DAYS * 86_400_000;
  const start = new Date(endsAt.getTime() - spanMs).toISOString();
  const auditSeconds = await inBatches(counts.audit, (first, last) =>
    db.query(AUDIT_BATCH_SQL, [
      start,
      spanMs / Math.max(1, counts.audit),
      [...AUDIT_ACTIONS],
      first,
      last,
    ]),
  );
  await seedOperatorNames(db);
  const ledgerSeconds = await inBatches(counts.ledger, (first, last) =>
    db.query(LEDGER_BATCH_SQL, [start, spanMs / Math.max(1, counts.ledger), first, last]),
  );
  const analyzeStarted = performance.now();
  await db.query('ANALYZE audit_events');
  await db.query('ANALYZE withdrawals');
  const analyzeSeconds = (performance.now() - analyzeStarted) / 1000;
  return { ...counts, auditSeconds, ledgerSeconds, analyzeSeconds, endsAt };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { openStore } = await import('#bff/store/open-store');
  await import('#bff/v8-policy-applied');
  const url = process.env.BENCH_DATABASE_URL || undefined;
  const dataDir = url
    ? ''
    : (process.env.SCALE_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'aoc-scale-')));
  const store = await openStore(url ? { databaseUrl: url, schema: 'bench_scale' } : { dataDir });
  try {
    const result = await seedScale(store.db);
    console.log(
      `${url ? 'PostgreSQL (schema bench_scale)' : `PGlite in ${dataDir}`}: ` +
        `${result.audit} audit events in ${result.auditSeconds.toFixed(1)} s, ` +
        `${result.ledger} withdrawals in ${result.ledgerSeconds.toFixed(1)} s, ` +
        `ANALYZE ${result.analyzeSeconds.toFixed(1)} s`,
    );
  } finally {
    await store.close();
  }
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_KINDS, APPROVAL_STATUSES } from '#contract/approvals';
import { LEDGER_STATUSES } from '#contract/withdrawal-ledger';
import { BATCH_STATUSES } from '#contract/withdrawal-batches';
import { ProblemSchema } from '#contract/problem';
import { STATEMENT_STATUSES } from '#contract/statements';
import { SEED_IDS } from '#sandbox/index';
import { createRecordingStore } from '#bff-test/recording-store';
import { startTestBff, type TestBff, type TestResponse } from '#bff-test/start-test-bff';
import { testBffForSuite } from '#bff-test/test-bff-for-suite';
import { createApp } from './app';

// Fuzzed queries and bodies that are not valid requests: every one gets a 4xx problem and none
// reaches the upstream (the sandbox's request count does not move).

function expectRefused(res: TestResponse): void {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(ProblemSchema.safeParse(res.body).success).toBe(true);
}

const upstreamCalls = (bff: TestBff) =>
  Object.entries(bff.sandbox.stats().requests)
    .filter(([route]) => route.includes('/v2/'))
    .reduce((n, [, count]) => n + count, 0);

/**
 * Sends each value `arbitrary` makes (`numRuns` of them) with `send`: every one must be refused
 * (a 4xx problem), and none may reach the upstream.
 */
async function expectEachRefusedLocally<T>(
  bff: TestBff,
  arbitrary: fc.Arbitrary<T>,
  send: (value: T) => Promise<TestResponse>,
  numRuns: number,
): Promise<void> {
  const before = upstreamCalls(bff);
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => expectRefused(await send(value))),
    { numRuns },
  );
  expect(upstreamCalls(bff)).toBe(before);
}

/** Sends a JSON body's text as it is (never encoded again), so that broken JSON is sent too. */
const sendJsonText = (bff: TestBff, method: string, path: string) => (text: string) =>
  bff.request(method, path, { headers: { 'content-type': 'application/json' }, body: text });

const KNOWN = [
  'customer_id',
  'ref_ids',
  'statement_ids',
  'statuses',
  'limit',
  'order',
  'page_cursor',
];

/** One query parameter: a known or random name with a random (possibly hostile) value. */
const param = fc.tuple(
  fc.oneof(fc.constantFrom(...KNOWN), fc.string({ minLength: 1, maxLength: 12 })),
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom(...STATEMENT_STATUSES, 'DESC', 'ASC', '0', '-1', '1e3', '1.5', 'NaN', ''),
    fc.integer().map(String),
  ),
);

/** A query made invalid on purpose in one of several ways, plus random noise. */
/** Any JSON text except an object with an `id`: a saved address's id alone is a valid PUT. */
const anyJsonButAnUpdateById = fc
  .jsonValue()
  .filter(
    (v) => !(typeof v === 'object' && v !== null && !Array.isArray(v) && Object.hasOwn(v, 'id')),
  )
  .map((v) => JSON.stringify(v));

const invalidQuery = fc
  .tuple(
    fc.oneof(
      fc.constant(''), // no customer_id
      fc.constant(`customer_id=${SEED_IDS.exampleCustomer}&limit=0`),
      fc.constant(`customer_id=${SEED_IDS.exampleCustomer}&order=desc`),
      fc.constant(`customer_id=${SEED_IDS.exampleCustomer}&statuses=PAID`),
      fc.constant(`customer_id=${SEED_IDS.exampleCustomer}&customer_id=again`),
      fc.constant('customer_id='),
      fc
        .string({ minLength: 1, maxLength: 10 })
        .filter((k) => !KNOWN.includes(k))
        .map((k) => `customer_id=c&${encodeURIComponent(k)}=1`),
    ),
    fc.array(param, { maxLength: 6 }),
  )
  .map(([base, noise]) => {
    const params = new URLSearchParams(base);
    // Noise never repairs the base: it cannot remove a parameter, only add.
    for (const [k, v] of noise) if (k !== 'customer_id') params.append(k, v);
    return params.toString();
  });

describe('fuzzed requests never reach the upstream', () => {
  const bff = testBffForSuite(() => ({
    env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000' },
    deps: { store: createRecordingStore() },
  }));

  it('statements queries', async () => {
    await expectEachRefusedLocally(
      bff,
      fc.tuple(invalidQuery, fc.boolean()),
      ([query, csv]) =>
        bff.request('GET', `${csv ? '/api/statements/export.csv' : '/api/statements'}?${query}`),
      300,
    );
  });

  it('raw query strings without a customer', async () => {
    await expectEachRefusedLocally(
      bff,
      fc.string({ maxLength: 80 }).filter((s) => !s.includes('customer_id')),
      (raw) => bff.request('GET', `/api/statements?${encodeURI(raw).replace(/#/g, '%23')}`),
      200,
    );
  });

  it('address bodies', async () => {
    const validBase = {
      crypto_network: 'ETHEREUM',
      address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
    };
    const body = fc.oneof(
      // Anything JSON at all, but an object with an `id` (a saved address's id alone is a valid
      // update, so fast-check's rare {"id":"x"} would rightly be forwarded).
      anyJsonButAnUpdateById,
      // Random bytes that claim to be JSON.
      fc.string({ maxLength: 200 }),
      // A valid body with an unknown member (the schema is strict).
      fc
        .tuple(
          fc
            .string({ minLength: 1, maxLength: 12 })
            .filter(
              (k) =>
                ![
                  'id',
                  'crypto_network',
                  'address',
                  'identity_id',
                  'nickname',
                  'bookmarked_status',
                  'travelrule_metadata',
                  '__proto__',
                ].includes(k),
            ),
          fc.jsonValue(),
        )
        .map(([k, v]) => JSON.stringify({ ...validBase, [k]: v })),
      // A valid body whose network is not one we know.
      fc
        .string({ maxLength: 20 })
        .filter((n) => !/^[A-Z_]+$/.test(n))
        .map((n) => JSON.stringify({ ...validBase, crypto_network: n })),
      // A valid body whose bookmark flag or metadata has the wrong type.
      fc
        .oneof(fc.string(), fc.integer(), fc.constant(null))
        .map((v) => JSON.stringify({ ...validBase, bookmarked_status: v })),
      fc
        .oneof(fc.string(), fc.integer(), fc.array(fc.string()))
        .map((v) => JSON.stringify({ ...validBase, travelrule_metadata: v })),
    );
    await expectEachRefusedLocally(bff, body, sendJsonText(bff, 'PUT', '/api/addresses'), 300);
  });

  it('withdrawal bodies', async () => {
    const validBase = {
      profile_id: SEED_IDS.exampleProfile,
      destination_address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
      crypto_network: 'ETHEREUM',
      asset: 'USDG',
      amount: '25.00',
      ref_id: 'fuzz-ref',
    };
    const { amount: _amount, ...withoutAmount } = validBase;
    const { ref_id: _ref, ...withoutRef } = validBase;
    const KNOWN_FIELDS = [
      ...Object.keys(validBase),
      'total',
      'fee_id',
      'identity_id',
      'account_id',
      'balance_asset',
      'memo',
      'metadata',
      '__proto__',
    ];
    const body = fc.oneof(
      // Anything JSON at all (never valid: profile, address, network, asset and ref_id are required).
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 200 }),
      // A valid body with an unknown member (strict), or without its ref_id.
      fc
        .tuple(
          fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !KNOWN_FIELDS.includes(k)),
          fc.jsonValue(),
        )
        .map(([k, v]) => JSON.stringify({ ...validBase, [k]: v })),
      fc.constant(JSON.stringify(withoutRef)),
      // Money that is not a decimal string: numbers, exponents, signs, hex, empty, zero.
      fc
        .oneof(
          fc.double().map((n) => n as unknown),
          fc.integer(),
          fc.constantFrom('1e3', '-5', '+5', '0x10', '', ' 1', '1,5', '0', '0.000', 'NaN'),
          fc.string({ maxLength: 12 }).filter((v) => !/^[0-9]*\.?[0-9]+$/.test(v)),
        )
        .map((amount) => JSON.stringify({ ...validBase, amount })),
      // Both amount and total, or neither.
      fc.constant(JSON.stringify({ ...validBase, total: '26.00' })),
      fc.constant(JSON.stringify(withoutAmount)),
      // Metadata beyond its limits: 7 pairs, a value over 100 characters, a non-string value.
      fc.constant(
        JSON.stringify({
          ...validBase,
          metadata: Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`k${i}`, 'v'])),
        }),
      ),
      fc
        .string({ minLength: 101, maxLength: 140 })
        .map((v) => JSON.stringify({ ...validBase, metadata: { note: v } })),
      fc
        .oneof(fc.integer(), fc.boolean(), fc.constant(null))
        .map((v) => JSON.stringify({ ...validBase, metadata: { note: v } })),
    );
    await expectEachRefusedLocally(bff, body, sendJsonText(bff, 'POST', '/api/withdrawals'), 300);
  });
});

// ---- Every /api route (issue 10): each gets requests that are invalid by construction, and
// each must answer a 4xx problem, never a 5xx, without calling the upstream. The list of routes
// comes from the app itself, so a new route without fuzzing fails the first test below.

interface FuzzRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  csrf?: boolean;
}

/** "METHOD /api/path" of every route the app's /api router (the one ending in apiNotFound) has. */
function apiRoutes(bff: TestBff): string[] {
  interface Layer {
    name?: string;
    route?: { path: unknown; methods: Record<string, boolean> };
    handle?: { stack?: Layer[] };
  }
  const app = createApp(bff.deps) as unknown as { router: { stack: Layer[] } };
  const api = app.router.stack
    .map((layer) => layer.handle?.stack)
    .find((stack) => stack?.some((layer) => layer.name === 'apiNotFound'));
  const routes: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === 'string')
        for (const method of Object.keys(layer.route.methods))
          routes.push(`${method.toUpperCase()} /api${layer.route.path}`);
      if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk(api ?? []);
  return routes.sort();
}

/** Text with NUL or a lone surrogate half somewhere in it. */
const hostileText = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF'),
    fc.string({ maxLength: 12 }),
  )
  .map(([a, bad, b]) => a + bad + b);

/** Text with NUL in it: the only hostile text a query can carry (URLs cannot hold lone surrogates). */
const nulText = fc
  .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
  .map(([a, b]) => `${a}\u0000${b}`);

const cursorOf = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** A cursor no server gave out: random text, a position past bigint, zero, a sign, noise. */
const invalidCursor = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }).filter((s) => {
    const decoded = Buffer.from(s, 'base64url').toString('utf8');
    const match = /^k:([1-9][0-9]{0,18})$/.exec(decoded);
    return !match || BigInt(match[1]!) > 9_223_372_036_854_775_807n;
  }),
  fc
    .bigInt({ min: 9_223_372_036_854_775_808n, max: 10n ** 19n - 1n })
    .map((n) => cursorOf(`k:${n}`)),
  fc.constantFrom('k:0', 'k:-1', 'k:01', 'k:1.5', 'k: 1', 'j:1').map(cursorOf),
);

/** A query with known parameters (valid or not), plus one that is invalid for sure. */
function queryWith(
  valid: fc.Arbitrary<[string, string]>,
  invalid: fc.Arbitrary<[string, string]>,
): fc.Arbitrary<string> {
  return fc.tuple(fc.array(valid, { maxLength: 3 }), invalid).map(([noise, [key, value]]) => {
    const params = new URLSearchParams();
    for (const [k, v] of noise) if (k !== key) params.append(k, v);
    params.append(key, value);
    return params.toString();
  });
}

const unknownParam = (known: string[]) =>
  fc.tuple(
    fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.includes(k) && k.trim() === k),
    fc.string({ maxLength: 12 }),
  );

const badLimit = (max: number) =>
  fc.oneof(
    fc.constantFrom('0', '-1', '1.5', 'abc', '', '1e2x', String(max + 1)),
    fc.integer({ min: max + 1 }).map(String),
  );

function auditQuery(withCursor: boolean): fc.Arbitrary<string> {
  const outOfRange = fc.oneof(
    fc.constantFrom(
      '0000-01-01T00:00:00Z',
      '0000-12-31T23:59:59Z',
      '0001-01-01T00:00:00+01:00',
      '0001-01-01T00:30:00+14:00',
    ),
    fc.string({ maxLength: 25 }).filter((s) => Number.isNaN(Date.parse(s)) || !/T/.test(s)),
  );
  return queryWith(
    fc.tuple(
      fc.constantFrom('operator', 'action', 'from'),
      fc.constantFrom('alice', 'address.put', '2026-01-01T00:00:00Z'),
    ),
    fc.oneof(
      unknownParam(['operator', 'action', 'from', 'to', 'limit', 'cursor']),
      fc.tuple(fc.constantFrom('from', 'to'), outOfRange),
      fc.tuple(fc.constantFrom('operator', 'action'), nulText),
      fc.tuple(fc.constant('limit'), badLimit(500)),
      ...(withCursor ? [fc.tuple(fc.constant('cursor'), invalidCursor)] : []),
    ),
  );
}

function ledgerQuery(withCursor: boolean): fc.Arbitrary<string> {
  const known = ['status', 'operator', 'crypto_network', 'ref_id', 'asset', 'from', 'to', 'q'];
  return queryWith(
    fc.tuple(
      fc.constantFrom('status', 'limit', 'operator', 'asset', 'q'),
      fc.constantFrom('created', '5', 'alice', 'BTC', '0xab'),
    ),
    fc.oneof(
      unknownParam([...known, 'limit', 'cursor']),
      fc.tuple(
        fc.constant('status'),
        fc
          .string({ maxLength: 12 })
          .filter((s) => !(LEDGER_STATUSES as readonly string[]).includes(s)),
      ),
      fc.tuple(fc.constantFrom('operator', 'crypto_network', 'ref_id', 'q'), nulText),
      fc.tuple(
        fc.constantFrom('operator', 'crypto_network', 'ref_id', 'q', 'asset'),
        fc.constant(''),
      ),
      fc.tuple(fc.constant('ref_id'), fc.string({ minLength: 129, maxLength: 200 })),
      // Too long even once the spaces around it are trimmed.
      fc.tuple(
        fc.constant('q'),
        fc.integer({ min: 129, max: 200 }).map((n) => 'q'.repeat(n)),
      ),
      fc.tuple(
        fc.constant('asset'),
        fc.string({ maxLength: 14 }).filter((s) => !/^[A-Z0-9]{2,12}$/.test(s)),
      ),
      fc.tuple(
        fc.constantFrom('from', 'to'),
        fc.string({ maxLength: 25 }).filter((s) => Number.isNaN(Date.parse(s)) || !/T/.test(s)),
      ),
      fc.tuple(fc.constant('limit'), badLimit(200)),
      ...(withCursor ? [fc.tuple(fc.constant('cursor'), invalidCursor)] : []),
    ),
  );
}

/** Any ref_id at all, every byte percent-encoded (a path segment, never "." or ".."). */
const anyRefId = fc
  .string({ unit: 'binary', minLength: 1, maxLength: 200 })
  .filter((s) => s !== '.' && s !== '..')
  .map((s) =>
    [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''),
  );

const jsonRequest = (method: string, path: string) => (body: string) => ({
  method,
  path,
  body,
  headers: { 'content-type': 'application/json' },
});

/** The address list's query: GET /api/addresses and GET /api/destinations read the same schema. */
const addressListQuery = queryWith(
  fc.tuple(
    fc.constantFrom('q', 'crypto_network', 'limit'),
    fc.constantFrom('ETHEREUM', '10', 'abc'),
  ),
  fc.oneof(
    unknownParam(['q', 'crypto_network', 'limit']),
    fc.tuple(fc.constantFrom('q', 'crypto_network'), nulText),
    fc.tuple(fc.constant('q'), fc.string({ minLength: 257, maxLength: 300 })),
    fc.tuple(fc.constant('crypto_network'), fc.constantFrom('', 'X'.repeat(41))),
    fc.tuple(fc.constant('limit'), badLimit(500)),
  ),
);

/** Every route's invalid requests. Keys are the app's routes ("METHOD /api/path"). */
const ROUTE_FUZZ: Record<string, fc.Arbitrary<FuzzRequest>> = {
  // No input to get wrong: the method and the CSRF header are what a caller can break.
  'GET /api/me': fc.oneof(
    fc
      .constantFrom('POST', 'PUT', 'PATCH', 'DELETE')
      .chain((method) => fc.string({ maxLength: 40 }).map(jsonRequest(method, '/api/me'))),
    fc
      .constantFrom('POST', 'PUT', 'DELETE')
      .map((method) => ({ method, path: '/api/me', csrf: false })),
  ),
  'GET /api/statements': invalidQuery.map((q) => ({ method: 'GET', path: `/api/statements?${q}` })),
  'GET /api/statements/export.csv': invalidQuery.map((q) => ({
    method: 'GET',
    path: `/api/statements/export.csv?${q}`,
  })),
  'GET /api/addresses': addressListQuery.map((q) => ({
    method: 'GET',
    path: `/api/addresses?${q}`,
  })),
  'GET /api/destinations': addressListQuery.map((q) => ({
    method: 'GET',
    path: `/api/destinations?${q}`,
  })),
  'PUT /api/addresses': fc
    .oneof(
      fc.constantFrom('nickname', 'address', 'identity_id').chain((field) =>
        hostileText.map((text) =>
          JSON.stringify({
            crypto_network: 'ETHEREUM',
            address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
            [field]: text,
          }),
        ),
      ),
      fc.integer({ min: 40, max: 3_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
      fc
        .integer({ min: 40, max: 1_000 })
        .map((n) => `{"nickname":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`),
      anyJsonButAnUpdateById,
    )
    .map(jsonRequest('PUT', '/api/addresses')),
  'POST /api/withdrawals': fc
    .oneof(
      fc
        .constantFrom('profile_id', 'memo', 'ref_id', 'identity_id', 'destination_address')
        .chain((field) =>
          hostileText.map((text) =>
            JSON.stringify({
              profile_id: SEED_IDS.exampleProfile,
              destination_address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
              crypto_network: 'ETHEREUM',
              asset: 'USDG',
              amount: '25.00',
              ref_id: 'fuzz-ref',
              [field]: text,
            }),
          ),
        ),
      fc
        .tuple(fc.string({ maxLength: 10 }), hostileText)
        .map(([k, v]) => JSON.stringify({ ref_id: 'fuzz-ref', metadata: { [k || 'k']: v } })),
      fc.integer({ min: 40, max: 3_000 }).map((n) => `${'['.repeat(n)}"x"${']'.repeat(n)}`),
      fc.jsonValue().map((v) => JSON.stringify(v)),
    )
    .map(jsonRequest('POST', '/api/withdrawals')),
  'GET /api/withdrawals': ledgerQuery(true).map((q) => ({
    method: 'GET',
    path: `/api/withdrawals?${q}`,
  })),
  // The export reads every page itself: a cursor given to it does not apply (and is not read).
  'GET /api/withdrawals.csv': ledgerQuery(false).map((q) => ({
    method: 'GET',
    path: `/api/withdrawals.csv?${q}`,
  })),
  // Any ref_id at all, every byte percent-encoded: invalid ones are a 400, valid ones are not in
  // the (empty) ledger, a 404.
  'GET /api/withdrawals/:ref_id': anyRefId.map((id) => ({
    method: 'GET',
    path: `/api/withdrawals/${id}`,
  })),
  'GET /api/withdrawals/:ref_id/transfer': anyRefId.map((id) => ({
    method: 'GET',
    path: `/api/withdrawals/${id}/transfer`,
  })),
  'POST /api/fee-quotes': fc
    .oneof(
      fc.constantFrom('asset', 'destination_address', 'amount').chain((field) =>
        hostileText.map((text) =>
          JSON.stringify({
            asset: 'ETH',
            crypto_network: 'ETHEREUM',
            destination_address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
            amount: '0.5',
            [field]: text,
          }),
        ),
      ),
      fc.integer({ min: 40, max: 3_000 }).map((n) => `${'['.repeat(n)}"x"${']'.repeat(n)}`),
      fc.jsonValue().map((v) => JSON.stringify(v)),
    )
    .map(jsonRequest('POST', '/api/fee-quotes')),
  'GET /api/vasps': queryWith(
    fc.tuple(fc.constantFrom('search', 'limit'), fc.constantFrom('coin', '5')),
    fc.oneof(
      unknownParam(['search', 'limit', 'cursor']),
      fc.tuple(fc.constantFrom('search', 'cursor'), nulText),
      fc.tuple(
        fc.constant('search'),
        fc.integer({ min: 101, max: 300 }).map((n) => 'x'.repeat(n)),
      ),
      fc.tuple(fc.constant('cursor'), fc.constantFrom('', 'c'.repeat(513))),
      fc.tuple(fc.constant('limit'), badLimit(50)),
    ),
  ).map((q) => ({ method: 'GET', path: `/api/vasps?${q}` })),
  // Ids the directory cannot hold: too long, or with NUL or a lone surrogate (percent-encoded).
  'GET /api/vasps/:id': fc
    .oneof(
      fc.integer({ min: 201, max: 400 }).map((n) => 'v'.repeat(n)),
      nulText,
    )
    .map((id) => ({ method: 'GET', path: `/api/vasps/${encodeURIComponent(id)}` })),
  'GET /api/destinations/look-alikes': queryWith(
    fc.tuple(fc.constant('address'), fc.constant('0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc')),
    fc.oneof(
      unknownParam(['address']),
      fc.tuple(fc.constant('address'), nulText),
      fc.tuple(fc.constant('address'), fc.constantFrom('', '   ')),
      fc.tuple(
        fc.constant('address'),
        fc.integer({ min: 257, max: 400 }).map((n) => 'a'.repeat(n)),
      ),
    ),
  ).map((q) => ({ method: 'GET', path: `/api/destinations/look-alikes?${q}` })),
  'GET /api/prices': queryWith(
    fc.tuple(fc.constant('assets'), fc.constantFrom('BTC', 'LTC')),
    fc.oneof(
      unknownParam(['assets']),
      fc.tuple(fc.constant('assets'), nulText),
      fc.tuple(fc.constant('assets'), fc.constantFrom('', 'btc', 'B', 'X'.repeat(13), 'BTC USD')),
    ),
  ).map((q) => ({ method: 'GET', path: `/api/prices?${q}` })),
  'GET /api/service-addresses': queryWith(
    fc.tuple(
      fc.constantFrom('q', 'crypto_network', 'limit'),
      fc.constantFrom('treasury', 'ETHEREUM', '10'),
    ),
    fc.oneof(
      unknownParam(['q', 'crypto_network', 'limit', 'cursor']),
      fc.tuple(fc.constantFrom('q', 'crypto_network', 'cursor'), nulText),
      fc.tuple(
        fc.constant('q'),
        fc.integer({ min: 257, max: 400 }).map((n) => 'q'.repeat(n)),
      ),
      fc.tuple(fc.constant('crypto_network'), fc.constantFrom('', 'X'.repeat(41))),
      fc.tuple(fc.constant('limit'), badLimit(200)),
    ),
  ).map((q) => ({ method: 'GET', path: `/api/service-addresses?${q}` })),
  'GET /api/profiles': queryWith(
    fc.tuple(fc.constantFrom('nickname', 'limit'), fc.constantFrom('Treasury', '10')),
    fc.oneof(
      unknownParam(['nickname', 'limit', 'page_cursor']),
      fc.tuple(fc.constantFrom('nickname', 'page_cursor'), nulText),
      fc.tuple(
        fc.constant('nickname'),
        fc.integer({ min: 101, max: 300 }).map((n) => 'n'.repeat(n)),
      ),
      fc.tuple(fc.constant('limit'), badLimit(100)),
    ),
  ).map((q) => ({ method: 'GET', path: `/api/profiles?${q}` })),
  // Blank, too long, or with NUL: refused before the service is asked.
  'GET /api/profiles/:profileId/balances': fc
    .oneof(
      fc.constantFrom('%20', '%20%20%09'),
      fc.integer({ min: 129, max: 300 }).map((n) => 'p'.repeat(n)),
      nulText.map(encodeURIComponent),
    )
    .map((id) => ({ method: 'GET', path: `/api/profiles/${id}/balances` })),
  // No input to get wrong: the method and the CSRF header are what a caller can break.
  'GET /api/withdrawal-limits': fc
    .constantFrom('POST', 'PUT', 'PATCH', 'DELETE')
    .chain((method) =>
      fc.string({ maxLength: 40 }).map(jsonRequest(method, '/api/withdrawal-limits')),
    ),
  'GET /api/approvals': queryWith(
    fc.tuple(
      fc.constantFrom('status', 'kind', 'limit'),
      fc.constantFrom('pending', 'address', '5'),
    ),
    fc.oneof(
      unknownParam([
        'status',
        'kind',
        'initiator',
        'older_than_minutes',
        'target',
        'limit',
        'cursor',
      ]),
      fc.tuple(
        fc.constant('status'),
        fc
          .string({ maxLength: 12 })
          .filter((s) => !(APPROVAL_STATUSES as readonly string[]).includes(s)),
      ),
      fc.tuple(
        fc.constant('kind'),
        fc
          .string({ maxLength: 12 })
          .filter((s) => !(APPROVAL_KINDS as readonly string[]).includes(s)),
      ),
      fc.tuple(fc.constantFrom('initiator', 'target'), nulText),
      fc.tuple(fc.constantFrom('initiator', 'target'), fc.constant('')),
      fc.tuple(fc.constant('older_than_minutes'), fc.constantFrom('-1', 'x', '1.5', '9999999')),
      fc.tuple(fc.constant('limit'), badLimit(200)),
      fc.tuple(fc.constant('cursor'), invalidCursor),
    ),
  ).map((q) => ({ method: 'GET', path: `/api/approvals?${q}` })),
  // Any id at all: none is in the (empty) queue, or it is not an id (404 either way).
  'GET /api/approvals/:id': anyRefId.map((id) => ({ method: 'GET', path: `/api/approvals/${id}` })),
  ...Object.fromEntries(
    (['approve', 'reject', 'cancel', 'challenge'] as const).map((decision) => [
      `POST /api/approvals/:id/${decision}`,
      fc
        .tuple(
          anyRefId,
          fc.oneof(
            hostileText.map((text) => JSON.stringify({ reason: text })),
            hostileText.map((text) => JSON.stringify({ fee_id: text })),
            hostileText.map((text) => JSON.stringify({ decision: 'reject', reason: text })),
            fc.integer({ min: 40, max: 3_000 }).map((n) => `${'['.repeat(n)}"x"${']'.repeat(n)}`),
            fc.jsonValue().map((v) => JSON.stringify(v)),
          ),
        )
        .map(([id, body]) => jsonRequest('POST', `/api/approvals/${id}/${decision}`)(body)),
    ]),
  ),
  'GET /api/approvals/:id/signatures': anyRefId.map((id) => ({
    method: 'GET',
    path: `/api/approvals/${id}/signatures`,
  })),
  // Passkeys (issue 29): bad queries and bodies, keys nobody enrolled.
  'GET /api/passkeys': queryWith(
    fc.tuple(fc.constant('operator'), fc.constant('ana@example.com')),
    fc.oneof(
      unknownParam(['operator']),
      fc.tuple(fc.constant('operator'), nulText),
      fc.tuple(fc.constant('operator'), fc.constant('')),
    ),
  ).map((q) => ({ method: 'GET', path: `/api/passkeys?${q}` })),
  'POST /api/passkeys/registration-options': fc
    .oneof(
      hostileText.map((text) => JSON.stringify({ name: text })),
      fc.integer({ min: 40, max: 3_000 }).map((n) => `${'['.repeat(n)}"x"${']'.repeat(n)}`),
      fc.constantFrom('[]', '"x"', '1', 'true'),
    )
    .map(jsonRequest('POST', '/api/passkeys/registration-options')),
  'POST /api/passkeys': fc
    .oneof(
      hostileText.map((text) => JSON.stringify({ name: text, response: {} })),
      fc.integer({ min: 40, max: 3_000 }).map((n) => `${'['.repeat(n)}"x"${']'.repeat(n)}`),
      fc.jsonValue().map((v) => JSON.stringify(v)),
    )
    .map(jsonRequest('POST', '/api/passkeys')),
  ...Object.fromEntries(
    (['rename', 'revoke'] as const).map((action) => [
      `POST /api/passkeys/:id/${action}`,
      fc
        .tuple(
          anyRefId,
          fc.oneof(
            hostileText.map((text) => JSON.stringify({ name: text })),
            fc.constant(JSON.stringify({ name: 'A key' })),
            fc.jsonValue().map((v) => JSON.stringify(v)),
          ),
        )
        .map(([id, body]) => jsonRequest('POST', `/api/passkeys/${id}/${action}`)(body)),
    ]),
  ),
  // Batch withdrawals: a file that is not a batch file (no header of its columns) or not text/csv
  // is refused whole; an id or row that names nothing is a 404 (or 409 for a row).
  'POST /api/withdrawal-batches': fc.oneof(
    fc.string({ maxLength: 200 }).map((body) => ({
      method: 'POST',
      path: '/api/withdrawal-batches',
      body: `${body.replace(/profile|asset|network|destination|amount|total/gi, 'x')}\n1,2\n`,
      headers: { 'content-type': 'text/csv' },
    })),
    fc.jsonValue().map((v) => jsonRequest('POST', '/api/withdrawal-batches')(JSON.stringify(v))),
  ),
  // The list: a status it has not, a limit out of range, a cursor it never gave, another name.
  'GET /api/withdrawal-batches': queryWith(
    fc.tuple(fc.constantFrom('status', 'limit'), fc.constantFrom('done', '5')),
    fc.oneof(
      unknownParam(['status', 'limit', 'cursor']),
      fc.tuple(
        fc.constant('status'),
        fc
          .string({ maxLength: 12 })
          .filter((s) => !(BATCH_STATUSES as readonly string[]).includes(s)),
      ),
      fc.tuple(fc.constant('limit'), badLimit(200)),
      fc.tuple(fc.constant('cursor'), invalidCursor),
    ),
  ).map((q) => ({ method: 'GET', path: `/api/withdrawal-batches?${q}` })),
  ...Object.fromEntries(
    ['', '/report.csv'].map((suffix) => [
      `GET /api/withdrawal-batches/:id${suffix}`,
      fc
        .oneof(anyRefId, fc.stringMatching(/^[0-9a-f]{24}$/))
        .map((id) => ({ method: 'GET', path: `/api/withdrawal-batches/${id}${suffix}` })),
    ]),
  ),
  ...Object.fromEntries(
    ['submit', 'pause', 'resume', 'cancel', 'fee-quotes', 'rows/:row/drop', 'rows/:row/check'].map(
      (action) => [
        `POST /api/withdrawal-batches/:id/${action}`,
        fc
          .tuple(
            fc.oneof(anyRefId, fc.stringMatching(/^[0-9a-f]{24}$/)),
            fc.oneof(anyRefId, fc.integer({ min: 1, max: 9_999 }).map(String)),
            fc.jsonValue().map((v) => JSON.stringify(v)),
          )
          .map(([id, row, body]) =>
            jsonRequest(
              'POST',
              `/api/withdrawal-batches/${id}/${action.replace(':row', row)}`,
            )(body),
          ),
      ],
    ),
  ),
  // Address files: a body that is not text/csv, a CSV whose header is not the address file's, a
  // query or body outside the schema, an id or key that names nothing.
  'GET /api/addresses/export.csv': queryWith(
    fc.tuple(fc.constantFrom('source', 'archived'), fc.constantFrom('book', 'all', 'include')),
    fc.oneof(
      unknownParam(['source', 'archived']),
      fc.tuple(
        fc.constantFrom('source', 'archived'),
        fc
          .string({ maxLength: 20 })
          .filter((v) => !['book', 'all', 'exclude', 'include', 'only'].includes(v)),
      ),
    ),
  ).map((q) => ({ method: 'GET', path: `/api/addresses/export.csv?${q}` })),
  'POST /api/addresses/import': fc.oneof(
    fc.string({ maxLength: 200 }).map((body) => ({
      method: 'POST',
      path: '/api/addresses/import',
      body: `${body.replace(/network|address/gi, 'x')}\n1,2\n`,
      headers: { 'content-type': 'text/csv' },
    })),
    fc.jsonValue().map((v) => jsonRequest('POST', '/api/addresses/import')(JSON.stringify(v))),
  ),
  'GET /api/addresses/import/:id': fc
    .tuple(
      fc.oneof(anyRefId, fc.uuid()),
      fc.oneof(
        fc.constant(''),
        fc.constantFrom('after=-1', 'limit=0', 'limit=501', 'after=x', 'other=1'),
      ),
    )
    .map(([id, q]) => ({ method: 'GET', path: `/api/addresses/import/${id}${q ? `?${q}` : ''}` })),
  'POST /api/addresses/import/:id/apply': fc
    .tuple(
      fc.oneof(anyRefId, fc.uuid()),
      fc.jsonValue().map((v) => JSON.stringify(v)),
    )
    .map(([id, body]) => jsonRequest('POST', `/api/addresses/import/${id}/apply`)(body)),
  ...Object.fromEntries(
    (['archive', 'memo'] as const).map((action) => [
      `POST /api/addresses/${action}`,
      fc
        .oneof(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc
            .string({ minLength: 1, maxLength: 80 })
            .map((key) =>
              JSON.stringify(
                action === 'archive'
                  ? { key: `nothing:${key}`, archived: true }
                  : { key: `nothing:${key}`, memo: '1' },
              ),
            ),
          // NUL or a lone surrogate in the key (or the memo): a 400, never a 500 (issue 37).
          hostileText.map((key) =>
            JSON.stringify(action === 'archive' ? { key, archived: true } : { key, memo: '1' }),
          ),
          ...(action === 'memo'
            ? [hostileText.map((memo) => JSON.stringify({ key: 'STELLAR:G:', memo }))]
            : []),
        )
        .map(jsonRequest('POST', `/api/addresses/${action}`)),
    ]),
  ),
  // Activity and reconciliation (issue 39): bad filters are refused before the service is asked.
  'GET /api/transfers': queryWith(
    fc.tuple(fc.constantFrom('order', 'status'), fc.constantFrom('asc', 'PENDING')),
    fc.oneof(
      unknownParam([
        'profile_id',
        'type',
        'status',
        'created_from',
        'created_to',
        'order',
        'cursor',
        'limit',
      ]),
      fc.tuple(fc.constant('status'), fc.constantFrom('NOPE', 'pending', '', 'COMPLETED ')),
      fc.tuple(
        fc.constantFrom('created_from', 'created_to'),
        fc.constantFrom('yesterday', '2026-13-01', ''),
      ),
      fc.tuple(fc.constantFrom('type', 'cursor', 'profile_id'), nulText),
      fc.tuple(fc.constant('type'), fc.constantFrom('lower', 'A-B', 'X'.repeat(70))),
      fc.tuple(fc.constant('order'), fc.constantFrom('DESC', 'up', '')),
      fc.tuple(fc.constant('limit'), badLimit(1000)),
    ),
  ).map((q) => ({ method: 'GET', path: `/api/transfers?${q}` })),
  'GET /api/reconciliation': queryWith(
    fc.tuple(fc.constant('to'), fc.constant('2026-11-28T00:00:00Z')),
    fc.oneof(
      unknownParam(['from', 'to']),
      fc.tuple(fc.constantFrom('from', 'to'), fc.constantFrom('yesterday', '2026-02-30', '')),
      fc.tuple(fc.constantFrom('from', 'to'), nulText),
      fc.tuple(fc.constant('from'), fc.constant('2026-12-31T00:00:00Z')),
    ),
  ).map((q) => ({ method: 'GET', path: `/api/reconciliation?${q}` })),
  'GET /api/transfers/elsewhere': fc
    .constantFrom('PUT', 'PATCH', 'DELETE')
    .map((method) => ({ method, path: '/api/transfers/elsewhere', csrf: false })),
  // A transfer's own read (issue 39): a malformed id is a 400 before the service is asked.
  'GET /api/transfers/:id': fc
    .oneof(
      fc.integer({ min: 129, max: 300 }).map((n) => 't'.repeat(n)),
      nulText,
      fc.constantFrom('a b', 'x;y', '%ff'),
    )
    .map((id) => ({ method: 'GET', path: `/api/transfers/${encodeURIComponent(id)}` })),
  'POST /api/transfers/elsewhere/:transfer_id/acknowledge': fc
    .oneof(
      fc.integer({ min: 129, max: 300 }).map((n) => 't'.repeat(n)),
      nulText,
      fc.constantFrom('a b', 'x/y', 'no-such-alert'),
    )
    .map((id) => ({
      method: 'POST',
      path: `/api/transfers/elsewhere/${encodeURIComponent(id)}/acknowledge`,
      body: '{}',
    })),
  'GET /api/policy/usage': fc
    .constantFrom('PUT', 'PATCH', 'DELETE')
    .map((method) => ({ method, path: '/api/policy/usage', csrf: false })),
  'GET /api/statements/payments': queryWith(
    fc.tuple(fc.constant('payment_status'), fc.constant('PAYMENT_STATUS_COMPLETED')),
    fc.oneof(
      unknownParam([
        'customer_id',
        'product',
        'ref_ids',
        'payment_ids',
        'payment_status',
        'limit',
        'order',
        'page_cursor',
      ]),
      fc.tuple(fc.constantFrom('customer_id', 'ref_ids', 'page_cursor'), nulText),
      fc.tuple(fc.constant('limit'), badLimit(1000)),
    ),
  ).map((q) => ({ method: 'GET', path: `/api/statements/payments?${q}` })),
  'POST /api/withdrawals/forecast': anyJsonButAnUpdateById.map(
    jsonRequest('POST', '/api/withdrawals/forecast'),
  ),
  'POST /api/withdrawals/destination-forecast': anyJsonButAnUpdateById.map(
    jsonRequest('POST', '/api/withdrawals/destination-forecast'),
  ),
  'GET /api/audit': auditQuery(true).map((q) => ({ method: 'GET', path: `/api/audit?${q}` })),
  // The export reads every page itself: a cursor given to it does not apply (and is not read).
  'GET /api/audit/export.csv': auditQuery(false).map((q) => ({
    method: 'GET',
    path: `/api/audit/export.csv?${q}`,
  })),
};

describe('every /api route, fuzzed: a 4xx problem, no 5xx, nothing sent upstream', () => {
  let bff: TestBff;
  beforeAll(async () => {
    // The real (embedded) store: the ledger and audit routes read it.
    bff = await startTestBff({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000' } });
    // Opens the embedded store now (seconds), not inside the first property's time.
    expect((await bff.request('GET', '/api/audit')).status).toBe(200);
  });
  afterAll(() => bff.close());

  it('covers every route the app has', () => {
    expect(Object.keys(ROUTE_FUZZ).sort()).toEqual(apiRoutes(bff));
  });

  it.each(Object.keys(ROUTE_FUZZ))(
    '%s',
    async (route) => {
      await expectEachRefusedLocally(
        bff,
        ROUTE_FUZZ[route]!,
        (req) =>
          bff.request(req.method, req.path, {
            ...(req.headers ? { headers: req.headers } : {}),
            ...(req.body !== undefined ? { body: req.body } : {}),
            ...(req.csrf === false ? { csrf: false } : {}),
          }),
        150,
      );
    },
    // Bounded by numRuns, not by time; refused writes are audited (a database write each), which
    // takes a while on a busy machine.
    180_000,
  );
});

// ---- Static paths (issue 37 item 3): anyone who can reach the listener, with no identity, sent
// `GET /index.html%00.js` and got a 500 and an error line with a stack. Any path with a NUL in it,
// under the root or /assets/, with any extension: a 400 or 404 problem, and no error line.

/** A path segment with NUL somewhere, every other character percent-encoded as UTF-8. */
const nulSegment = nulText.map((text) => encodeURIComponent(text));

const staticPath = fc
  .tuple(
    fc.constantFrom('/', '/assets/', '/withdrawals/', '/assets/index-abc.js/'),
    fc.oneof(nulSegment, fc.constantFrom('%00', 'index.html%00', '%00index.html')),
    fc.constantFrom('', '.js', '.css', '.html', '.map', '.br', '.gz', '.json', '.js.br'),
  )
  .map(([dir, name, ext]) => `${dir}${name}${ext}`);

describe('static paths, fuzzed: a 400 or 404 problem, never a 5xx or an error line', () => {
  let bff: TestBff;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'aoc-web-fuzz-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Console</title>');
    writeFileSync(join(webDir, 'index.html.br'), brotliCompressSync('<!doctype html>'));
    writeFileSync(join(webDir, 'assets', 'index-abc.js'), 'console.log(1);');
    writeFileSync(join(webDir, 'assets', 'index-abc.js.br'), brotliCompressSync('console.log(1);'));
    bff = await startTestBff({
      env: { WEB_DIR: webDir },
      deps: { store: createRecordingStore() },
    });
  });
  afterAll(async () => {
    await bff.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('GET and HEAD of any path with a NUL in it', async () => {
    await fc.assert(
      fc.asyncProperty(staticPath, fc.constantFrom('GET', 'HEAD'), async (path, method) => {
        const res = await bff.request(method, path, {
          headers: { 'accept-encoding': 'br, gzip' },
        });
        expect([400, 404], `${method} ${path}`).toContain(res.status);
        if (method === 'GET') expectRefused(res);
      }),
      { numRuns: 200 },
    );
    const errors = bff.logs.entries().filter((entry) => Number(entry.level) >= 50);
    expect(errors).toEqual([]);
  });
});

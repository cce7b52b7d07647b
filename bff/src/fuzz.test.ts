import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '../../contract/problem';
import { STATEMENT_STATUSES } from '../../contract/statements';
import { SEED_IDS } from '../../sandbox/index';
import { createRecordingStore } from '../test-support/recording-store';
import { startTestBff, type TestBff, type TestResponse } from '../test-support/start-test-bff';

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
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff({
      env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000' },
      deps: { store: createRecordingStore() },
    });
  });
  afterAll(() => bff.close());

  it('statements queries', async () => {
    const before = upstreamCalls(bff);
    await fc.assert(
      fc.asyncProperty(invalidQuery, fc.boolean(), async (query, csv) => {
        const path = csv ? '/api/statements/export.csv' : '/api/statements';
        expectRefused(await bff.request('GET', `${path}?${query}`));
      }),
      { numRuns: 300 },
    );
    expect(upstreamCalls(bff)).toBe(before);
  });

  it('raw query strings without a customer', async () => {
    const before = upstreamCalls(bff);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 80 }).filter((s) => !s.includes('customer_id')),
        async (raw) => {
          const query = encodeURI(raw).replace(/#/g, '%23');
          expectRefused(await bff.request('GET', `/api/statements?${query}`));
        },
      ),
      { numRuns: 200 },
    );
    expect(upstreamCalls(bff)).toBe(before);
  });

  it('address bodies', async () => {
    const before = upstreamCalls(bff);
    const validBase = {
      crypto_network: 'ETHEREUM',
      address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
    };
    const body = fc.oneof(
      // Anything JSON at all (never a valid request: crypto_network and address are required).
      fc.jsonValue().map((v) => JSON.stringify(v)),
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
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        expectRefused(
          await bff.request('PUT', '/api/addresses', {
            headers: { 'content-type': 'application/json' },
            body: text,
          }),
        );
      }),
      { numRuns: 300 },
    );
    expect(upstreamCalls(bff)).toBe(before);
  });

  it('withdrawal bodies', async () => {
    const before = upstreamCalls(bff);
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
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        expectRefused(
          await bff.request('POST', '/api/withdrawals', {
            headers: { 'content-type': 'application/json' },
            body: text,
          }),
        );
      }),
      { numRuns: 300 },
    );
    expect(upstreamCalls(bff)).toBe(before);
  });
});

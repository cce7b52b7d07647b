import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApprovalPolicySchema } from '#contract/approvals';
import { addDecimal, compareDecimal, multiplyDecimal } from '#contract/decimal';
import type { SubmitWithdrawalRequest } from '#contract/withdrawals';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { ALL_BACKENDS, skipWithoutServer, storeForSuite } from '#bff/store/testing/test-stores';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';
import { createValueRules } from './withdrawal-gate';

// The property of issue 23, item 3: no sequence of withdrawals within a window takes a limit over
// without an approval, whether the withdrawals come one after another or all at once (the window
// is read and counted under one lock, on PGlite and PostgreSQL alike).

const SCHEMA = 'test_rolling_limits_property';
const DESTINATION_LIMIT = '1';
const INITIATOR_LIMIT_USD = '90000';
const BTC_USD = '60000';

const policy = ApprovalPolicySchema.parse({
  withdrawals: {
    require: 'tiers',
    tiers: [{ asset: 'BTC', above: '1000', approvals: 1 }],
    rolling_limits: [
      {
        per: 'destination',
        asset: 'BTC',
        above: DESTINATION_LIMIT,
        window_minutes: 60,
        approvals: 1,
      },
      { per: 'initiator', above_usd: INITIATOR_LIMIT_USD, window_minutes: 60, approvals: 2 },
    ],
  },
  addresses: { new_addresses: false, travel_rule_changes: false },
  destinations: { allowlist: false },
});

const prices: UsdPriceReader = {
  prices: async () => ({ BTC: BTC_USD }),
  quotes: async () => [{ asset: 'BTC', usd_price: BTC_USD }],
};

const ADDRESSES = [SAMPLE_ADDRESSES.bitcoinSegwit, SAMPLE_ADDRESSES.bitcoinSegwitB];

const withdrawalArb = fc.record({
  initiator: fc.constantFrom('ana', 'ben'),
  // What the SSO sent this time (issue 37 item 1): one person is one window whatever it was.
  login: fc.constantFrom('subject and e-mail', 'subject only', 'e-mail only'),
  destination: fc.constantFrom(0, 1),
  // 0.01 to 0.60 BTC, in hundredths.
  hundredths: fc.integer({ min: 1, max: 60 }),
});

let run = 0;

describe.each(ALL_BACKENDS)('rolling limits on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const store = storeForSuite(backend, SCHEMA);

  /** Judges the sequence (one after another, or all at once); checks what went unapproved. */
  async function check(
    sequence: Array<{ initiator: string; login: string; destination: number; hundredths: number }>,
    concurrent: boolean,
  ) {
    const rules = createValueRules({ policy, prices, window: store.withdrawalWindow });
    // Each run its own people (and refs): runs share the database but never a window.
    const tag = `r${++run}`;
    const judge = async (w: (typeof sequence)[number], i: number) => {
      const amount = multiplyDecimal(String(w.hundredths), '0.01');
      const request = {
        ref_id: `${tag}-${i}`,
        asset: 'BTC',
        crypto_network: 'BITCOIN',
        destination_address: ADDRESSES[w.destination]!,
        amount,
      } as SubmitWithdrawalRequest;
      const initiator = `${tag}-${w.initiator}`;
      const email = `${initiator}@corp.test`;
      const login =
        w.login === 'subject only'
          ? { subject: initiator }
          : w.login === 'e-mail only'
            ? { subject: email, email }
            : { subject: initiator, email };
      const requirement = await rules(request, login);
      return { ...w, amount, initiator, sent: requirement === undefined };
    };
    const judged = concurrent
      ? await Promise.all(sequence.map(judge))
      : await sequence.reduce<Promise<Array<Awaited<ReturnType<typeof judge>>>>>(
          async (done, w, i) => [...(await done), await judge(w, i)],
          Promise.resolve([]),
        );
    const sentBy = (key: (j: (typeof judged)[number]) => string, value: string) =>
      judged
        .filter((j) => j.sent && key(j) === value)
        .reduce((s, j) => addDecimal(s, j.amount), '0');
    for (const destination of [0, 1])
      expect(
        compareDecimal(
          sentBy((j) => String(j.destination), String(destination)),
          DESTINATION_LIMIT,
        ),
      ).toBeLessThanOrEqual(0);
    for (const initiator of new Set(judged.map((j) => j.initiator))) {
      const usd = multiplyDecimal(
        sentBy((j) => j.initiator, initiator),
        BTC_USD,
      );
      expect(compareDecimal(usd, INITIATOR_LIMIT_USD)).toBeLessThanOrEqual(0);
    }
  }

  it('one after another: the unapproved part of any sequence stays within every limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(withdrawalArb, { maxLength: 12 }), (s) => check(s, false)),
      { numRuns: 25 },
    );
  });

  it('all at once: concurrent decisions never both slip under a limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(withdrawalArb, { minLength: 2, maxLength: 12 }), (s) =>
        check(s, true),
      ),
      { numRuns: 25 },
    );
  });
});

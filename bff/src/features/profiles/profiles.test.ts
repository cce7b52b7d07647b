import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeResponseSchema } from '#contract/session';
import { ProblemSchema } from '#contract/problem';
import {
  ProfileBalancesResponseSchema,
  ProfilesResponseSchema,
  type ProfilesResponse,
} from '#contract/profiles';
import { WithdrawalLimitsResponseSchema } from '#contract/transfer-limits';
import { SEED_IDS } from '#sandbox/index';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import { withdrawalBody } from '#bff-test/withdrawal-body';
import { createRecordingStore } from '#bff-test/recording-store';
import { companionBffsForSuite } from '#bff-test/test-bff-for-suite';
import { replaceUpstreamBody } from '#bff-test/replace-upstream-body';
import { createCompanionFeatureGate } from '#bff/upstream/companion-features';
import { createProfileReader } from './profile-reader';

// Issue 24: the operator's context (profiles by nickname, balances, withdrawal limits) from the
// service's companion operations, each behind its own scope, against the local upstream.

describe('profiles, balances and withdrawal limits', () => {
  // In memory: the embedded store takes seconds to open, and these tests read no ledger.
  const { on, off } = companionBffsForSuite(() => ({
    env: { LOG_LEVEL: 'warn', WRITE_RATE_LIMIT_PER_MINUTE: '100000' },
    deps: { store: createRecordingStore() },
  }));

  const asked = (bff: TestBff, route: string) => bff.sandbox.stats().requests[route] ?? 0;

  it('lists the profiles newest first, filters by nickname and pages', async () => {
    const res = await on.request('GET', '/api/profiles');
    expect(res.status).toBe(200);
    const body = ProfilesResponseSchema.parse(res.body);
    expect(body.next_page_cursor).toBeNull();
    expect(body.items[0]).toEqual({
      id: SEED_IDS.marketMakingProfile,
      nickname: 'Market making',
      type: 'NORMAL',
    });
    expect(body.items).toContainEqual({
      id: SEED_IDS.exampleProfile,
      nickname: 'Treasury',
      type: 'DEFAULT',
      description: 'Main operating funds',
    });
    const named = ProfilesResponseSchema.parse(
      (await on.request('GET', '/api/profiles?nickname=Treasury')).body,
    );
    expect(named.items.map((p) => p.nickname)).toEqual(['Treasury reserve', 'Treasury']);
    const first = ProfilesResponseSchema.parse(
      (await on.request('GET', '/api/profiles?limit=4')).body,
    );
    expect(first.items).toHaveLength(4);
    const rest = ProfilesResponseSchema.parse(
      (
        await on.request(
          'GET',
          `/api/profiles?limit=4&page_cursor=${encodeURIComponent(first.next_page_cursor!)}`,
        )
      ).body,
    );
    expect([...first.items, ...rest.items]).toEqual(body.items);
    expect(rest.next_page_cursor).toBeNull();
  });

  it('refuses a bad query or profile id with a 400 problem, sending nothing upstream', async () => {
    const before = asked(on, 'GET /v2/profiles');
    for (const query of ['limit=0', 'limit=101', 'color=red', `nickname=${'n'.repeat(101)}`]) {
      const res = await on.request('GET', `/api/profiles?${query}`);
      expect(res.status, query).toBe(400);
      expect(ProblemSchema.parse(res.body).status).toBe(400);
    }
    expect(asked(on, 'GET /v2/profiles')).toBe(before);
    const long = await on.request('GET', `/api/profiles/${'p'.repeat(129)}/balances`);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ errors: [{ path: 'profileId' }] });
  });

  it('reads a profile’s balances with when they were read; an unknown profile is a 404', async () => {
    const before = Date.now();
    const res = await on.request('GET', `/api/profiles/${SEED_IDS.smallProfile}/balances`);
    expect(res.status).toBe(200);
    const body = ProfileBalancesResponseSchema.parse(res.body);
    // The "insufficient funds: available 0.01 ETH" story of the withdrawal form.
    expect(body.items).toContainEqual({ asset: 'ETH', available: '0.01', trading: '0' });
    expect(Date.parse(body.read_at)).toBeGreaterThanOrEqual(before - 1000);
    const unknown = await on.request('GET', '/api/profiles/no-such-profile/balances');
    expect(unknown.status).toBe(404);
  });

  it('a withdrawal lowers the balance and what is left of the USD limit', async () => {
    const limitLeft = async () => {
      const res = await on.request('GET', '/api/withdrawal-limits');
      expect(res.status).toBe(200);
      const limits = WithdrawalLimitsResponseSchema.parse(res.body);
      return limits.items.find((l) => l.rule_id === 'crypto-withdrawal-usd-24h')?.remaining;
    };
    const usdg = async () =>
      ProfileBalancesResponseSchema.parse(
        (await on.request('GET', `/api/profiles/${SEED_IDS.exampleProfile}/balances`)).body,
      ).items.find((b) => b.asset === 'USDG')?.available;
    const limitBefore = (await limitLeft())!;
    const balanceBefore = (await usdg())!;
    // Straight to the service with the BFF's own client (this in-memory store keeps no ledger).
    const sent = await on.deps.upstream.call('createWithdrawal', {
      body: withdrawalBody(`context-${Date.now()}`),
    });
    await sent.body.dump();
    expect(sent.status).toBe(200);
    expect(Number(limitBefore) - Number(await limitLeft())).toBe(25);
    expect(Number(balanceBefore) - Number(await usdg())).toBe(26.5);
  });

  it('reads every crypto withdrawal limit, per transaction and per period, following the pages', async () => {
    const paged = await startTestBff({
      env: { LOG_LEVEL: 'warn' },
      // The service pages at will: one rule a page here.
      wrapUpstream: (real) => ({
        ...real,
        call: (operation, options) =>
          real.call(
            operation,
            operation === 'listTransferLimits'
              ? { ...options, query: `${options?.query ?? ''}&limit=1` }
              : options,
          ),
      }),
    });
    try {
      const res = await paged.request('GET', '/api/withdrawal-limits');
      expect(res.status).toBe(200);
      const body = WithdrawalLimitsResponseSchema.parse(res.body);
      expect(body.items.map((l) => [l.period_seconds, l.limit_asset])).toEqual([
        ['86400', 'USD'],
        ['0', 'BTC'],
        ['604800', 'ETH'],
      ]);
      expect(body.items.every((l) => l.transfer_types?.includes('CRYPTO_WITHDRAWAL'))).toBe(true);
      expect(asked(paged, 'GET /v2/transfer/limits/utilizations')).toBe(3);
    } finally {
      await paged.close();
    }
  });

  it('without the scopes (console-basic): /api/me says why, the routes answer 403 Feature Unavailable', async () => {
    const me = MeResponseSchema.parse((await off.request('GET', '/api/me')).body);
    expect(me.features.profiles).toEqual({
      enabled: false,
      reason: expect.stringContaining('funding:read_profile'),
    });
    expect(me.features.transfer_limits).toEqual({
      enabled: false,
      reason: expect.stringContaining('transfer:read_transfer_limit'),
    });
    const onMe = MeResponseSchema.parse((await on.request('GET', '/api/me')).body);
    expect(onMe.features.profiles.enabled).toBe(true);
    expect(onMe.features.transfer_limits.enabled).toBe(true);
    for (const path of [
      '/api/profiles',
      `/api/profiles/${SEED_IDS.exampleProfile}/balances`,
      '/api/withdrawal-limits',
    ]) {
      const res = await off.request('GET', path);
      expect(res.status, path).toBe(403);
      expect(res.body).toMatchObject({ title: 'Feature Unavailable' });
    }
    expect(asked(off, 'GET /v2/profiles')).toBe(0);
    expect(asked(off, 'GET /v2/transfer/limits/utilizations')).toBe(0);
    // Nothing else breaks: prices need no scope.
    const prices = await off.request('GET', '/api/prices?assets=BTC');
    expect(prices.body).toMatchObject({ prices: [{ asset: 'BTC', usd_price: '60000' }] });
  });

  it('a failing service is a problem to show, not a crash (the sandbox faults)', async () => {
    on.sandbox.faults.set({ errorRate: 1, errorStatus: 500 });
    try {
      for (const path of ['/api/profiles', '/api/withdrawal-limits']) {
        const res = await on.request('GET', path);
        expect(res.status, path).toBeGreaterThanOrEqual(500);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
    } finally {
      on.sandbox.faults.clear();
    }
    expect((await on.request('GET', '/api/profiles')).status).toBe(200);
  });

  it('the reader finds a profile by its exact nickname (any case), never by a part of it', async () => {
    const reader = createProfileReader({
      upstream: on.deps.upstream,
      companion: createCompanionFeatureGate({ tokens: on.deps.tokens, logger: on.deps.logger }),
      logger: on.deps.logger,
    });
    expect((await reader.findProfilesByNickname(' treasury ')).map((p) => p.id)).toEqual([
      SEED_IDS.exampleProfile,
    ]);
    expect(await reader.findProfilesByNickname('Treas')).toEqual([]);
    expect(await reader.findProfilesByNickname('')).toEqual([]);
    const balances = await reader.readBalances(SEED_IDS.marketMakingProfile);
    expect(balances.items).toContainEqual({ asset: 'BTC', available: '3.5', trading: '1.5' });
  });
});

describe('profiles and limits read tolerantly', () => {
  let bff: TestBff;
  const answers: Partial<Record<string, unknown>> = {};
  beforeAll(async () => {
    bff = await startTestBff({
      env: { LOG_LEVEL: 'silent' },
      wrapUpstream: (real) => ({
        ...real,
        call: async (operation, options) => {
          const response = await real.call(operation, options);
          const body = answers[operation];
          if (body === undefined) return response;
          await response.body.dump();
          return replaceUpstreamBody(response, JSON.stringify(body));
        },
      }),
    });
  });
  afterAll(() => bff?.close());

  it('keeps an unknown type and a null description, leaves out a record without an id', async () => {
    answers.listProfiles = {
      items: [
        { id: 'p-1', nickname: 'Ops', type: 'SUBACCOUNT', description: null },
        { nickname: 'No id', type: 'NORMAL' },
        { id: 'p-2', nickname: 'Plain', type: 'NORMAL', extra: 1 },
      ],
    };
    const res = await bff.request('GET', '/api/profiles');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        { id: 'p-1', nickname: 'Ops', type: 'SUBACCOUNT' },
        { id: 'p-2', nickname: 'Plain', type: 'NORMAL' },
      ],
      next_page_cursor: null,
    } satisfies ProfilesResponse);
  });

  it('keeps a limit without an id; leaves out a balance sent as a JSON number (never a float)', async () => {
    answers.listTransferLimits = {
      items: [
        {
          id: null,
          rule_id: 'r',
          transfer_types: ['CRYPTO_WITHDRAWAL'],
          period_seconds: '0',
          limit: '5',
          remaining: '5',
          limit_asset: 'BTC',
        },
      ],
      next_page_cursor: null,
    };
    const limits = WithdrawalLimitsResponseSchema.parse(
      (await bff.request('GET', '/api/withdrawal-limits')).body,
    );
    expect(limits.items).toEqual([
      {
        rule_id: 'r',
        transfer_types: ['CRYPTO_WITHDRAWAL'],
        period_seconds: '0',
        limit: '5',
        remaining: '5',
        limit_asset: 'BTC',
      },
    ]);
    answers.listProfileBalances = {
      items: [
        { asset: 'BTC', available: 1.5, trading: '0' },
        { asset: 'ETH', available: '2', trading: '0' },
      ],
    };
    const balances = await bff.request('GET', `/api/profiles/${SEED_IDS.exampleProfile}/balances`);
    expect((balances.body as { items: unknown[] }).items).toEqual([
      { asset: 'ETH', available: '2', trading: '0' },
    ]);
  });
});

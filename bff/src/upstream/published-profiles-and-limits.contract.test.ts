import { describe, expect, it } from 'vitest';
import {
  ProfileBalanceSchema,
  ProfileBalancesResponseSchema,
  ProfileSchema,
  ProfilesQuerySchema,
  ProfilesResponseSchema,
} from '#contract/profiles';
import { PublishedItemsPageSchema, readPublishedItems } from '#contract/published-items';
import { TransferLimitSchema, WithdrawalLimitsResponseSchema } from '#contract/transfer-limits';
import { MarketPricesResponseSchema } from '#contract/usd-value';

// Answers of the operator-context operations as the service's published document allows them
// (issue 24; /work/shared/spec/upstream-facts.md, "Operator context"), written out by hand apart
// from contract/ so that a drift of the contract's own schemas cannot hide itself.

/** GET /v2/profiles: `id`, `nickname`, `type` required; `description`, `account_id` optional. */
const PUBLISHED_PROFILES = {
  items: [
    {
      id: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
      nickname: 'Treasury',
      type: 'DEFAULT',
      description: 'Main operating funds',
      account_id: 'f3c1d2e4-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    },
    { id: 'p-2', nickname: 'Rewards payouts', type: 'NORMAL', description: null },
  ],
  next_page_cursor: 'bmV4dA',
};

/** GET /v2/profiles/{id}/balances: all three members required, decimals as strings. */
const PUBLISHED_BALANCES = {
  items: [
    { asset: 'BTC', available: '12.5', trading: '0' },
    { asset: 'ETH', available: '0.01', trading: '0.000000000000000001' },
  ],
};

/** GET /v2/transfer/limits/utilizations: `id` optional, period "0" a single transaction. */
const PUBLISHED_LIMITS = {
  items: [
    {
      rule_id: 'r-usd',
      transfer_types: ['CRYPTO_WITHDRAWAL'],
      period_seconds: '86400',
      limit: '1000000',
      remaining: '999975',
      limit_asset: 'USD',
    },
    {
      id: 'u-2',
      rule_id: 'r-btc',
      transfer_types: ['CRYPTO_WITHDRAWAL', 'INTERNAL_TRANSFER'],
      period_seconds: '0',
      limit: '20',
      remaining: '20',
      limit_asset: 'BTC',
    },
  ],
  next_page_cursor: null,
};

const read = <T>(answer: unknown, schema: Parameters<typeof readPublishedItems>[1]) => {
  const page = PublishedItemsPageSchema.parse(answer);
  return {
    page,
    ...(readPublishedItems(page.items, schema) as { items: T[]; unreadable: number }),
  };
};

describe('the published profiles answer', () => {
  it('reads every profile, the optional members as given, null as not given', () => {
    const { page, items, unreadable } = read(PUBLISHED_PROFILES, ProfileSchema);
    expect(unreadable).toBe(0);
    expect(page.next_page_cursor).toBe('bmV4dA');
    expect(items).toEqual([
      {
        id: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
        nickname: 'Treasury',
        type: 'DEFAULT',
        description: 'Main operating funds',
      },
      { id: 'p-2', nickname: 'Rewards payouts', type: 'NORMAL' },
    ]);
    expect(ProfilesResponseSchema.parse({ items, next_page_cursor: null }).items).toHaveLength(2);
  });

  it('keeps a type the service adds later; leaves out only a record missing what it requires', () => {
    const { items, unreadable } = read(
      {
        items: [
          { id: 'p-3', nickname: 'New kind', type: 'SUBACCOUNT' },
          { id: 'p-4', type: 'NORMAL' },
          'not a record',
        ],
      },
      ProfileSchema,
    );
    expect(items).toEqual([{ id: 'p-3', nickname: 'New kind', type: 'SUBACCOUNT' }]);
    expect(unreadable).toBe(2);
  });

  it('reads an empty answer ({} or items null) as an empty last page', () => {
    expect(PublishedItemsPageSchema.parse({})).toEqual({ items: [] });
    expect(PublishedItemsPageSchema.parse({ items: null, next_page_cursor: null }).items).toEqual(
      [],
    );
  });
});

describe('the published balances answer', () => {
  it('reads decimals as strings, exactly as sent', () => {
    const { items } = read(PUBLISHED_BALANCES, ProfileBalanceSchema);
    expect(items).toEqual(PUBLISHED_BALANCES.items);
    expect(
      ProfileBalancesResponseSchema.parse({ items, read_at: '2026-11-26T00:00:00.000Z' }).items,
    ).toEqual(PUBLISHED_BALANCES.items);
  });

  it('never reads a JSON number or exponent notation as money', () => {
    const { items, unreadable } = read(
      {
        items: [
          { asset: 'BTC', available: 1.5, trading: '0' },
          { asset: 'ETH', available: '1e3', trading: '0' },
        ],
      },
      ProfileBalanceSchema,
    );
    expect(items).toEqual([]);
    expect(unreadable).toBe(2);
  });
});

describe('the published limit utilizations answer', () => {
  it('reads both rules, with or without an id, in the BFF answer shape', () => {
    const { items, unreadable } = read(PUBLISHED_LIMITS, TransferLimitSchema);
    expect(unreadable).toBe(0);
    expect(items).toEqual(PUBLISHED_LIMITS.items);
    expect(
      WithdrawalLimitsResponseSchema.safeParse({ items, read_at: '2026-11-26T00:00:00.000Z' })
        .success,
    ).toBe(true);
  });
});

describe('a limit with members missing (the schema marks none required; issue 37)', () => {
  it('is read with what it has, never dropped', () => {
    const { items, unreadable } = read(
      {
        items: [
          // A 1 ETH limit per transaction without `remaining`, `id` or `transfer_types`.
          { rule_id: 'r-eth', period_seconds: '0', limit: '1', limit_asset: 'ETH' },
          // A USD daily limit without `rule_id` and with `limit` as a JSON number (unreadable).
          { period_seconds: '86400', limit: 50000, remaining: '40000', limit_asset: 'USD' },
          // Nothing at all.
          {},
        ],
      },
      TransferLimitSchema,
    );
    expect(unreadable).toBe(0);
    expect(items).toHaveLength(3);
    expect(items[0]).toEqual({
      rule_id: 'r-eth',
      period_seconds: '0',
      limit: '1',
      limit_asset: 'ETH',
    });
    expect(items[1]).toMatchObject({
      period_seconds: '86400',
      remaining: '40000',
      limit_asset: 'USD',
    });
    expect(items[1]).not.toHaveProperty('limit');
    expect(items[1]).toMatchObject({ unreadable: { fields: ['limit'] } });
    expect(
      WithdrawalLimitsResponseSchema.safeParse({ items, read_at: '2026-11-26T00:00:00.000Z' })
        .success,
    ).toBe(true);
  });
});

describe('the published prices answer', () => {
  it('reads the four members', () => {
    const answer = MarketPricesResponseSchema.parse({
      items: [
        {
          market: 'BTCUSD',
          current_price: '60000',
          yesterday_price: '59000.5',
          snapshot_at: '2026-11-26T00:00:00Z',
        },
      ],
    });
    expect(answer.items[0]?.current_price).toBe('60000');
  });
});

describe('the BFF profiles query (strict)', () => {
  it('takes nickname, limit and page_cursor, and refuses anything else', () => {
    expect(ProfilesQuerySchema.parse({ nickname: ' Treasury ', limit: '10' })).toEqual({
      nickname: 'Treasury',
      limit: 10,
    });
    for (const bad of [
      { limit: '0' },
      { limit: '101' },
      { ids: 'x' },
      { nickname: 'n'.repeat(101) },
    ])
      expect(ProfilesQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsdPricesResponseSchema } from '#contract/usd-value';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import { createRecordingStore } from '#bff-test/recording-store';
import { replaceUpstreamBody } from '#bff-test/replace-upstream-body';

// Issue 24, item 3: a USD value is shown only at a price the service gave. An asset it has no
// market for, or a price of 0, is left out of GET /api/prices (the form says "no USD price"),
// never answered as 0.

describe('GET /api/prices', () => {
  let bff: TestBff;
  let zeroFor: string | undefined;
  beforeAll(async () => {
    bff = await startTestBff({
      env: { LOG_LEVEL: 'silent' },
      deps: { store: createRecordingStore() },
      wrapUpstream: (real) => ({
        ...real,
        call: async (operation, options) => {
          const response = await real.call(operation, options);
          if (operation !== 'listPrices' || !zeroFor || !options?.query?.includes(zeroFor))
            return response;
          await response.body.dump();
          const item = { market: zeroFor, current_price: '0', snapshot_at: '2026-01-01T00:00:00Z' };
          return replaceUpstreamBody(response, JSON.stringify({ items: [item] }));
        },
      }),
    });
  });
  afterAll(() => bff?.close());

  const prices = async (query: string) => {
    const res = await bff.request('GET', `/api/prices?${query}`);
    expect(res.status).toBe(200);
    return UsdPricesResponseSchema.parse(res.body).prices;
  };

  it('answers the service price, a stablecoin at 1, and leaves out an asset without a market', async () => {
    const answer = await prices('assets=BTC&assets=USDG&assets=LINK');
    expect(answer).toEqual([
      { asset: 'BTC', usd_price: '60000', snapshot_at: expect.any(String) },
      { asset: 'USDG', usd_price: '1' },
    ]);
  });

  it('leaves out a price of 0: a value would read as worthless', async () => {
    zeroFor = 'DOGEUSD';
    expect(await prices('assets=DOGE')).toEqual([]);
  });
});

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
  /** When set, the service's answer is replaced by this body (its other published shapes). */
  let answerWith: ((query: string) => unknown) | undefined;
  const asked: string[] = [];
  beforeAll(async () => {
    bff = await startTestBff({
      env: { LOG_LEVEL: 'silent' },
      deps: { store: createRecordingStore() },
      wrapUpstream: (real) => ({
        ...real,
        call: async (operation, options) => {
          if (operation === 'listPrices') asked.push(options?.query ?? '');
          const response = await real.call(operation, options);
          if (operation === 'listPrices' && answerWith) {
            await response.body.dump();
            return replaceUpstreamBody(response, JSON.stringify(answerWith(options?.query ?? '')));
          }
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

  // Issue 37 item 4: the console asked SOLUSD, which the service does not publish (one
  // unpublished market may refuse the whole request); prices were all-or-nothing; and the
  // document's own example answers `prices` where its schema says `items`.
  it('never asks a market the service does not publish: SOL has no USD price', async () => {
    asked.length = 0;
    expect(await prices('assets=SOL&assets=BTC&assets=PYUSD')).toEqual([
      { asset: 'BTC', usd_price: '60000', snapshot_at: expect.any(String) },
      { asset: 'PYUSD', usd_price: '1' },
    ]);
    expect(asked.join('&')).not.toContain('SOLUSD');
    expect(asked.join('&')).not.toContain('PYUSDUSD');
  });

  it('reads the `prices` shape of the document, and one item without a price loses only its market', async () => {
    answerWith = () => ({
      prices: [
        { market: 'ETHUSD', current_price: '3000', snapshot_at: '2026-01-01T00:00:00Z' },
        { market: 'LTCUSD', yesterday_price: '79' },
        { market: 'BCHUSD', current_price: 400 },
      ],
    });
    try {
      expect(await prices('assets=ETH&assets=LTC&assets=BCH')).toEqual([
        { asset: 'ETH', usd_price: '3000', snapshot_at: '2026-01-01T00:00:00Z' },
      ]);
    } finally {
      answerWith = undefined;
    }
  });
});

import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchStatementsPage, statementsPageUrlOf } from './prefetch-statements-page';

afterEach(() => vi.unstubAllGlobals());

describe('the first page of statements a /statements link names', () => {
  it('the URL started early is the one the page asks for, so the page adopts it', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ statements: [] }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    // An upper-case customer id and the parameters in another order than the page writes them.
    const search = new URLSearchParams(
      'limit=1000&customer_id=B16B16B1-6B16-4B16-8B16-B16B16B16B16',
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchStatementsPage(client, search);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(statementsPageUrlOf(search)).toBe(fetchMock.mock.calls[0]![0]);
  });

  it('a link the page would not read (no customer) starts nothing', () => {
    expect(statementsPageUrlOf(new URLSearchParams('limit=10'))).toBeUndefined();
  });
});

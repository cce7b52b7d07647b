import { afterEach, describe, expect, it, vi } from 'vitest';
import { acknowledgeElsewhere } from './acknowledge-elsewhere-api';

afterEach(() => vi.unstubAllGlobals());

describe('acknowledgeElsewhere', () => {
  it('POSTs to the alert, its id escaped, with the CSRF header', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ ok: true }),
    );
    vi.stubGlobal('fetch', fetch);
    await acknowledgeElsewhere('t/1');
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/api/transfers/elsewhere/t%2F1/acknowledge');
    expect(init?.method).toBe('POST');
    expect(Object.keys(init?.headers ?? {}).map((k) => k.toLowerCase())).toContain('x-csrf');
    // The BFF refuses a write without a JSON body (415): an empty object is sent.
    const headers = new Headers(init?.headers);
    expect(headers.get('content-type')).toContain('application/json');
    expect(init?.body).toBe('{}');
  });
});

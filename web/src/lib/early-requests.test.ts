import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { setDevOperator } from './dev-operator';
import { startEarlyRequest } from './early-requests';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setDevOperator(undefined);
});

describe('early requests: reads started before the app ran, adopted by its one call path', () => {
  it('a started GET is adopted once by the same URL; the next call goes out again', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(json({ n: 1 })));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyRequest('/api/early-one?a=1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/early-one?a=1',
      expect.objectContaining({ headers: { 'X-CSRF': '1', Accept: 'application/json' } }),
    ]);
    const schema = z.object({ n: z.number() });
    await expect(
      apiRequest('/api/early-one', { schema, query: { a: '1' } }),
    ).resolves.toMatchObject({
      data: { n: 1 },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await apiRequest('/api/early-one', { schema, query: { a: '1' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('another URL, a write or another acting operator is never answered by it', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(json({ n: 2 })));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyRequest('/api/early-two');
    const schema = z.object({ n: z.number() });
    await apiRequest('/api/early-two', { schema, query: { b: '1' } });
    await apiRequest('/api/early-two', { schema, method: 'POST', body: {} });
    setDevOperator('second');
    await apiRequest('/api/early-two', { schema });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(fetchMock.mock.calls[3]![1]).toMatchObject({
      headers: { 'X-Dev-Operator': 'second' },
    });
  });

  it('a started read older than ten seconds is not adopted: the page asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(json({ n: 3 })));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyRequest('/api/early-three');
    vi.setSystemTime(Date.now() + 10_001);
    await apiRequest('/api/early-three', { schema: z.object({ n: z.number() }) });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a started read that fails is the failure the page sees, as a network problem', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', fetchMock);
    startEarlyRequest('/api/early-four');
    await expect(apiRequest('/api/early-four', { schema: z.object({}) })).rejects.toMatchObject({
      problem: { title: 'Network error' },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

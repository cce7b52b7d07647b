import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CONSOLE_PROBLEM_TYPES, noAnswerProblem } from '#contract/problem';
import { apiRequest } from './api-client';
import { looseProblem } from './api-fetch';

afterEach(() => vi.unstubAllGlobals());

describe('looseProblem: an error answer that is not a whole problem', () => {
  it('keeps what a title-less, status-less problem says and says what it left out', () => {
    expect(looseProblem({ detail: 'user account is disabled' }, 403)).toEqual({
      type: 'about:blank',
      title: 'Forbidden (no title given)',
      status: 403,
      detail: 'user account is disabled',
    });
  });

  it('keeps the type and meta of a problem without a title', () => {
    const problem = looseProblem(
      {
        type: 'https://developer.paxos.com/docs/v2/problems/exceed-precision',
        meta: { asset: 'ETH' },
      },
      400,
    );
    expect(problem).toMatchObject({
      type: 'https://developer.paxos.com/docs/v2/problems/exceed-precision',
      title: 'Bad Request (no title given)',
      status: 400,
      meta: { asset: 'ETH' },
    });
  });

  it('a body that is not JSON at all is the HTTP status, said as such', () => {
    expect(looseProblem(undefined, 502)).toEqual({
      type: 'about:blank',
      title: 'Bad Gateway (no title given)',
      status: 502,
      detail: 'The server answered 502 without saying why.',
    });
  });
});

describe('apiRequest fallbacks (one body each, known by type)', () => {
  it('a fetch that got no answer is the no-answer problem, never a status a server said', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiRequest('/api/x', { schema: z.object({}) }).catch((e: unknown) => e);
    expect(error).toMatchObject({ problem: noAnswerProblem(), noAnswer: true });
  });

  it('a success in a shape the contract does not read is the unexpected-response problem', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ n: 'x' }), { status: 200 })),
    );
    const error = await apiRequest('/api/x', { schema: z.object({ n: z.number() }) }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      problem: { type: CONSOLE_PROBLEM_TYPES.unexpectedResponse, status: 502 },
      noAnswer: false,
    });
  });
});

describe('apiRequest: a read leaves after a task boundary, a write at once', () => {
  const calls: string[] = [];
  const stubBrowser = () => {
    calls.length = 0;
    vi.stubGlobal('scheduler', {
      yield: vi.fn(async () => void calls.push('yield')),
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        calls.push(`fetch ${init.method}`);
        return new Response('{}', { status: 200 });
      }),
    );
  };

  it('a GET yields to the browser before its fetch', async () => {
    stubBrowser();
    await apiRequest('/api/x', { schema: z.object({}) });
    expect(calls).toEqual(['yield', 'fetch GET']);
  });

  it('a POST is sent without yielding', async () => {
    stubBrowser();
    await apiRequest('/api/x', { method: 'POST', body: {}, schema: z.object({}) });
    expect(calls).toEqual(['fetch POST']);
  });

  it('where the browser has no scheduler.yield, a GET goes out as before', async () => {
    stubBrowser();
    vi.stubGlobal('scheduler', undefined);
    await apiRequest('/api/x', { schema: z.object({}) });
    expect(calls).toEqual(['fetch GET']);
  });
});

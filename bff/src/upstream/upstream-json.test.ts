import { describe, expect, it } from 'vitest';
import { recognizeProblem } from '#contract/problem';
import type { UpstreamResponse } from './upstream-client';
import { problemFromUpstream } from './upstream-json';

// Problems as the service writes them (docs/upstream-contract.md): every member optional.

function answer(status: number, body: unknown): UpstreamResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    status,
    headers: { 'content-type': 'application/problem+json' },
    body: { text: async () => text } as unknown as UpstreamResponse['body'],
    possiblyCommitted: false,
    attempts: 1,
  };
}

const TYPE = 'https://developer.paxos.com/docs/v2/problems/';

describe('problemFromUpstream', () => {
  it('passes the type, title and meta on, with no errors[] of its own', async () => {
    const { problem } = await problemFromUpstream(
      answer(400, {
        type: `${TYPE}below-min-withdraw-limit`,
        title: 'Withdrawal Amount Too Small',
        status: 400,
        meta: { limit: '0.001', amount: '0.0001' },
      }),
    );
    expect(problem).toMatchObject({
      type: `${TYPE}below-min-withdraw-limit`,
      title: 'Withdrawal Amount Too Small',
      status: 400,
      meta: { limit: '0.001', amount: '0.0001' },
    });
    expect(problem).not.toHaveProperty('errors');
    expect(recognizeProblem(problem)).toBe('below-min-withdraw-limit');
  });

  it('gives a title-less problem of a known type its published title', async () => {
    const { problem } = await problemFromUpstream(
      answer(403, { type: `${TYPE}identity-verification-required` }),
    );
    expect(problem).toMatchObject({ title: 'Identity Verification Required', status: 403 });
  });

  it('says so when a problem has neither title nor status nor type, and keeps its detail', async () => {
    const { problem } = await problemFromUpstream(answer(400, { detail: 'amount is malformed' }));
    expect(problem).toMatchObject({
      type: 'about:blank',
      title: 'Bad Request (the service gave no title)',
      status: 400,
      detail: 'amount is malformed',
    });
  });

  it('reads nulls and wrong-typed members as not given instead of refusing the problem', async () => {
    const { problem } = await problemFromUpstream(
      answer(403, { type: null, title: 7, status: 'x', detail: 'user account is disabled' }),
    );
    expect(problem).toMatchObject({
      type: 'about:blank',
      title: 'Forbidden (the service gave no title)',
      status: 403,
      detail: 'user account is disabled',
    });
  });
});

describe('recognizeProblem', () => {
  it('goes by the type slug first, whatever the title says', () => {
    expect(recognizeProblem({ type: `${TYPE}insufficient-funds`, title: 'Something else' })).toBe(
      'insufficient-funds',
    );
    expect(
      recognizeProblem({ type: `${TYPE}some-new-problem`, title: 'Rejected', status: 403 }),
    ).toBeUndefined();
  });

  it('without a slug, needs status and title together, never the title alone', () => {
    expect(
      recognizeProblem({ type: 'about:blank', title: 'Insufficient Funds', status: 403 }),
    ).toBe('insufficient-funds');
    expect(recognizeProblem({ title: 'insufficient funds ' }, 403)).toBe('insufficient-funds');
    expect(recognizeProblem({ title: 'Insufficient Funds', status: 400 })).toBeUndefined();
    expect(recognizeProblem({ title: 'Insufficient Funds' })).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { looseProblem } from './api-client';

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

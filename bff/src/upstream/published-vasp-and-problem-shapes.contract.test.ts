import { describe, expect, it } from 'vitest';
import { recognizeProblem, UPSTREAM_PROBLEMS, type UpstreamProblemSlug } from '#contract/problem';
import { GetVaspResponseSchema } from '#contract/vasps';
import type { UpstreamResponse } from './upstream-client';
import { problemFromUpstream } from './upstream-json';

// Shapes of the service's published document (the upstream facts, "Companion operations" and
// "Problems"), written out here by hand, apart from contract/, so a drift of the contract's own
// schemas cannot hide itself (issue 25, items 1 and 7).

/** GET /v2/travelrule/vasps/{id} as published: the VASP is wrapped in `vasp`. */
const PUBLISHED_VASP_BY_ID = { vasp: { id: 'vasp-coinbase', name: 'Coinbase' } };

/** The two namespaces a problem `type` takes in the published document. */
const DASHED_BASE = 'https://developer.paxos.com/docs/v2/problems/';
const UNDERSCORED_BASE = 'https://api.paxos.com/v2/problems/';

function answer(status: number, body: unknown): UpstreamResponse {
  const text = JSON.stringify(body);
  return {
    status,
    headers: { 'content-type': 'application/problem+json' },
    body: { text: async () => text } as unknown as UpstreamResponse['body'],
    possiblyCommitted: false,
    attempts: 1,
  };
}

describe('the published VASP by-id answer', () => {
  it('is read in its wrapped shape', () => {
    expect(GetVaspResponseSchema.parse(PUBLISHED_VASP_BY_ID)).toEqual({
      id: 'vasp-coinbase',
      name: 'Coinbase',
    });
  });

  it('is read tolerantly: the bare shape, extra members and a missing name', () => {
    expect(GetVaspResponseSchema.parse({ id: 'vasp-coinbase', name: 'Coinbase' })).toEqual({
      id: 'vasp-coinbase',
      name: 'Coinbase',
    });
    expect(
      GetVaspResponseSchema.parse({ vasp: { id: 'vasp-x', website: 'x.example' }, extra: 1 }),
    ).toMatchObject({ id: 'vasp-x' });
    expect(GetVaspResponseSchema.safeParse({ vasp: {} }).success).toBe(false);
    expect(GetVaspResponseSchema.safeParse({}).success).toBe(false);
  });
});

describe('problem types in both published namespaces', () => {
  const slugs = Object.keys(UPSTREAM_PROBLEMS) as UpstreamProblemSlug[];

  it('recognises every named problem by slug in either form, with no title', () => {
    for (const slug of slugs) {
      const { status } = UPSTREAM_PROBLEMS[slug];
      expect(recognizeProblem({ type: DASHED_BASE + slug, status }), slug).toBe(slug);
      const underscored = UNDERSCORED_BASE + slug.replaceAll('-', '_');
      expect(recognizeProblem({ type: underscored, status }), underscored).toBe(slug);
      // By the slug first: the status does not matter when the type names the problem.
      expect(recognizeProblem({ type: underscored }), underscored).toBe(slug);
    }
  });

  it('an unknown slug of either namespace is not taken for a known one by its title', () => {
    const problem = { type: `${UNDERSCORED_BASE}something_new`, status: 403 };
    expect(recognizeProblem({ ...problem, title: 'Insufficient Funds' })).toBeUndefined();
  });

  it('gives a title-less problem of the underscored form its published title', async () => {
    const { problem } = await problemFromUpstream(
      answer(403, { type: `${UNDERSCORED_BASE}insufficient_funds` }),
    );
    expect(problem).toMatchObject({
      type: `${UNDERSCORED_BASE}insufficient_funds`,
      title: 'Insufficient Funds',
      status: 403,
    });
    expect(recognizeProblem(problem)).toBe('insufficient-funds');
  });
});

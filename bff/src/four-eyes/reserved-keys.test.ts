import { describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { testBffForSuite } from '#bff-test/test-bff-for-suite';
import { withdrawalBody } from '#bff-test/withdrawal-body';

// Issue 23, item 6: `AOC_APPROVED_BY` and other spellings of the console's attribution keys
// passed into the metadata sent upstream, where a reader takes them for the console's own.

describe('the reserved attribution keys, in any case', () => {
  const bff = testBffForSuite();

  it.each([
    'aoc_approved_by',
    'AOC_APPROVED_BY',
    'Aoc_Approved_By',
    'aoc_Initiated_By',
    'AOC_REQUEST_ID',
    // Invisible characters (issue 37 item 2): a zero-width space, a soft hyphen, a word joiner,
    // a byte order mark: each reads as the console's key.
    'aoc\u200b_approved_by',
    'aoc_approved\u00ad_by',
    'aoc_request_id\u2060',
    '\ufeffaoc_initiated_by',
  ])('%s is refused with a problem naming the key, and nothing is sent', async (key) => {
    const res = await bff.request('POST', '/api/withdrawals', {
      body: withdrawalBody(`reserved-${Buffer.from(key).toString('hex')}-${Date.now()}`, {
        metadata: { [key]: 'me' },
      }),
    });
    expect(res.status).toBe(400);
    const problem = ProblemSchema.parse(res.body);
    expect(problem.errors).toEqual([
      { path: `metadata.${key}`, message: expect.stringContaining(key) },
    ]);
    expect(problem.errors?.[0]?.message).toMatch(/written by the console/);
    expect(bff.sandbox.stats().requests['POST /v2/transfer/crypto-withdrawals']).toBeUndefined();
  });
});

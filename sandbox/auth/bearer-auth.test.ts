import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { SCOPES } from '#contract/scopes';
import { SEED_IDS } from '../seed/seed';
import {
  TestClock,
  startTestSandbox,
  type TestSandbox,
  type TestResponse,
} from '../testing/test-support';

// Every /v2 call checks the bearer token (401) and the operation's scope (403), as problem+json.

const customer = SEED_IDS.exampleCustomer;
const operations = [
  { scope: SCOPES.listStatements, method: 'GET', path: `/v2/statements?customer_id=${customer}` },
  {
    scope: SCOPES.putCryptoDestinationAddress,
    method: 'PUT',
    path: '/v2/transfer/crypto-destination-address',
  },
  { scope: SCOPES.createCryptoWithdrawal, method: 'POST', path: '/v2/transfer/crypto-withdrawals' },
  // Operator context (issue 24).
  { scope: SCOPES.readProfile, method: 'GET', path: '/v2/profiles' },
  {
    scope: SCOPES.readProfile,
    method: 'GET',
    path: `/v2/profiles/${SEED_IDS.exampleProfile}/balances`,
  },
  {
    scope: SCOPES.readTransferLimit,
    method: 'GET',
    path: '/v2/transfer/limits/utilizations?transfer_type=CRYPTO_WITHDRAWAL',
  },
] as const;

function expectProblem(res: TestResponse, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const problem = ProblemSchema.parse(res.body);
  expect(problem.status).toBe(status);
  return problem;
}

describe('bearer token and scope checks', () => {
  const clock = new TestClock();
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox({ now: clock.now, tokenTtlSeconds: 60 });
  });
  afterAll(() => t.close());

  describe.each(operations)('$method $path', (op) => {
    const body = op.method === 'GET' ? undefined : {};

    it('401 without a token', async () => {
      const res = await t.call(op.method, op.path, { body });
      expectProblem(res, 401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
    });

    it('401 with an unknown token or a malformed header', async () => {
      const unknown = await t.call(op.method, op.path, { token: 'not-a-token-we-issued', body });
      expectProblem(unknown, 401);
      expect(unknown.headers.get('www-authenticate')).toContain('error="invalid_token"');
      const malformed = await t.call(op.method, op.path, {
        headers: { authorization: 'Basic Y29uc29sZS1sb2NhbDpzZWNyZXQ=' },
        body,
      });
      expectProblem(malformed, 401);
    });

    it('401 with an expired token, and not a moment before', async () => {
      const token = await t.token([op.scope]);
      clock.advance(59_999);
      const alive = await t.call(op.method, op.path, { token, body });
      expect(alive.status).not.toBe(401);
      clock.advance(1);
      const expired = await t.call(op.method, op.path, { token, body });
      expect(expectProblem(expired, 401).detail).toMatch(/expired/i);
    });

    it('403 with a live token that lacks the scope', async () => {
      const others = operations.filter((o) => o.scope !== op.scope).map((o) => o.scope);
      const token = await t.token(others);
      const res = await t.call(op.method, op.path, { token, body });
      const problem = expectProblem(res, 403);
      expect(problem.detail).toContain(op.scope);
      expect(res.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    });

    it('passes a token with exactly the scope', async () => {
      const token = await t.token([op.scope]);
      const res = await t.call(op.method, op.path, { token, body });
      // Past authentication: 200 for the listing, a 400 validation problem for the empty bodies.
      expect(res.status).toBe(op.method === 'GET' ? 200 : 400);
    });
  });

  it('answers unknown paths with a problem, not an HTML page', async () => {
    const res = await t.call('GET', '/v2/nothing-here');
    expectProblem(res, 404);
  });
});

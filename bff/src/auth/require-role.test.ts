import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { SEED_IDS } from '#sandbox/index';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';

// Reads of the BFF's own record are open to every role: an initiator needs the address book for
// the picker and the look-alike warning. Writes keep their one role; no role at all reads nothing.

describe('roles on the ledger reads', () => {
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff();
    // Opens the embedded store now (seconds), not inside the first test's time.
    expect((await bff.request('GET', '/api/withdrawals')).status).toBe(200);
  });
  afterAll(() => bff.close());

  const as = (roles: string, path: string) =>
    bff.request('GET', path, { headers: { 'x-dev-roles': roles } });

  it.each([
    'viewer',
    'address-editor',
    'withdrawal-initiator',
    'withdrawal-approver',
    'address-approver',
  ])('%s can read the address book, the withdrawal ledger and the approvals', async (role) => {
    expect((await as(role, '/api/addresses')).status).toBe(200);
    expect((await as(role, '/api/withdrawals')).status).toBe(200);
    expect((await as(role, '/api/approvals')).status).toBe(200);
    // The operator's context before a withdrawal (issue 24).
    expect((await as(role, '/api/profiles')).status).toBe(200);
    expect((await as(role, `/api/profiles/${SEED_IDS.exampleProfile}/balances`)).status).toBe(200);
    expect((await as(role, '/api/withdrawal-limits')).status).toBe(200);
  });

  it('an operator with no role is refused with a 403 problem naming the roles', async () => {
    const res = await as('none', '/api/addresses');
    expect(res.status).toBe(403);
    expect(ProblemSchema.parse(res.body).detail).toMatch(
      /viewer, address-editor, withdrawal-initiator/,
    );
  });

  it('an operator with no role reads no profile, balance or limit', async () => {
    for (const path of ['/api/profiles', '/api/withdrawal-limits'])
      expect((await as('none', path)).status, path).toBe(403);
  });

  it('statements stay viewer-only', async () => {
    const res = await as('withdrawal-initiator', '/api/statements?customer_id=x');
    expect(res.status).toBe(403);
  });
});

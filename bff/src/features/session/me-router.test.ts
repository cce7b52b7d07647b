import { describe, expect, it } from 'vitest';
import { NO_APPROVALS_POLICY } from '#contract/approvals';
import { MeResponseSchema, ROLES } from '#contract/session';
import { testBffForSuite } from '#bff-test/test-bff-for-suite';
import { LOCAL_DEMO_APPROVAL_POLICY } from '#bff/four-eyes/approval-policy-config';

describe('GET /api/me', () => {
  const bff = testBffForSuite();

  it('answers the dev operator with every role, the local environment and the policy', async () => {
    const res = await bff.request('GET', '/api/me');
    expect(res.status).toBe(200);
    const me = MeResponseSchema.parse(res.body);
    expect(me.roles).toEqual([...ROLES]);
    expect(me.environment).toEqual({ kind: 'local', name: 'Local sandbox', allow_testnet: true });
    expect(me.approval_policy).toEqual(NO_APPROVALS_POLICY);
    expect(me.operator.subject).toBe('local-operator');
    expect(me.dev_operators).toEqual([
      { id: 'local-operator', subject: 'local-operator', name: 'Local operator' },
      { id: 'second-operator', subject: 'local-operator-2', name: 'Second local operator' },
      { id: 'third-operator', subject: 'local-operator-3', name: 'Third local operator' },
    ]);
  });

  it('X-Dev-Operator makes the request the second local operator, still narrowed by X-Dev-Roles', async () => {
    const res = await bff.request('GET', '/api/me', {
      headers: { 'x-dev-operator': 'second-operator', 'x-dev-roles': 'viewer,address-approver' },
    });
    const me = MeResponseSchema.parse(res.body);
    expect(me.operator).toMatchObject({
      subject: 'local-operator-2',
      name: 'Second local operator',
    });
    expect(me.roles).toEqual(['viewer', 'address-approver']);
    const unknown = await bff.request('GET', '/api/me', { headers: { 'x-dev-operator': 'root' } });
    expect(unknown.status).toBe(400);
    expect(unknown.headers['content-type']).toMatch(/application\/problem\+json/);
  });
});

describe('GET /api/me in local mode without a policy', () => {
  const bff = testBffForSuite(() => ({ env: { APPROVAL_POLICY: '' } }));

  it('carries the demo policy that shows every path', async () => {
    const me = MeResponseSchema.parse((await bff.request('GET', '/api/me')).body);
    expect(me.approval_policy).toEqual(LOCAL_DEMO_APPROVAL_POLICY);
  });
});

describe('GET /api/me behind SSO', () => {
  const bff = testBffForSuite(() => ({
    env: {
      AUTH_MODE: 'trusted-header',
      TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
      ROLE_GROUPS: 'viewer=ops;withdrawal-approver=approvers',
      PUBLIC_ORIGIN: 'https://ops.example.com',
    },
  }));

  it('ignores X-Dev-Operator and lists no dev operators', async () => {
    const res = await bff.request('GET', '/api/me', {
      headers: {
        'x-forwarded-user': 'ana',
        'x-forwarded-groups': 'ops,approvers',
        'x-dev-operator': 'second-operator',
      },
    });
    expect(res.status).toBe(200);
    const me = MeResponseSchema.parse(res.body);
    expect(me.operator.subject).toBe('ana');
    expect(me.roles).toEqual(['viewer', 'withdrawal-approver']);
    expect(me.dev_operators).toBeUndefined();
  });
});

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HeldForApprovalResponseSchema,
  type ApprovalRequest,
  type HeldForApprovalResponse,
} from '#contract/approvals';
import { USDG_TIERED_WITHDRAWALS } from '#bff-test/sso-people';
import { testBffForSuite, storeAndBffForSuite } from '#bff-test/test-bff-for-suite';
import { withdrawalBody } from '#bff-test/withdrawal-body';
import { ALL_BACKENDS, skipWithoutServer, storeForSuite } from '#bff/store/testing/test-stores';

// Issue 23, item 1: one person, two spellings. Self-approval, "approved twice", cancel rights and
// the write limit were decided on raw subject strings, so `Alice`, `ALICE@corp.test` or an
// e-mail-only login approved alice's own withdrawal, and `Bob` cast the second vote after `bob`.
// Each is tried here in both SSO modes, on PGlite and on PostgreSQL.

/** USDG above 100 needs one approval, above 1000 two. */
const POLICY = {
  withdrawals: USDG_TIERED_WITHDRAWALS,
  addresses: { new_addresses: false, travel_rule_changes: false, approvals: 1 },
  request_ttl_minutes: 60,
};

const COMMON_ENV = {
  ROLE_GROUPS: 'viewer=ops;withdrawal-initiator=ops;withdrawal-approver=approvers',
  PUBLIC_ORIGIN: 'https://ops.example.com',
  APPROVAL_POLICY: JSON.stringify(POLICY),
  WRITE_RATE_LIMIT_PER_MINUTE: '100000',
  LOG_LEVEL: 'warn',
};

/** What the SSO says of one login: a user id and/or an e-mail (jwt: the subject is one of them). */
interface Login {
  user?: string;
  email?: string;
}
const APPROVER_GROUPS = ['ops', 'approvers'];

interface Mode {
  name: 'trusted-header' | 'jwt';
  env(): Record<string, string>;
  headers(login: Login): Promise<Record<string, string>>;
}

const trustedHeader: Mode = {
  name: 'trusted-header',
  env: () => ({ AUTH_MODE: 'trusted-header', TRUSTED_PROXY_ADDRESSES: '127.0.0.1' }),
  headers: async (login) => ({
    ...(login.user !== undefined ? { 'x-forwarded-user': login.user } : {}),
    ...(login.email !== undefined ? { 'x-forwarded-email': login.email } : {}),
    'x-forwarded-groups': APPROVER_GROUPS.join(','),
  }),
};

const ISSUER = 'https://sso.example.com';
let jwks: Server | undefined;
let signingKey: CryptoKey;
const jwt: Mode = {
  name: 'jwt',
  env: () => ({
    AUTH_MODE: 'jwt',
    JWT_HEADER: 'x-test-assertion',
    JWT_JWKS_URL: `http://127.0.0.1:${(jwks!.address() as AddressInfo).port}/jwks`,
    JWT_ISSUER: ISSUER,
    JWT_AUDIENCE: 'ops-console',
    JWT_ALGORITHMS: 'ES256',
  }),
  // The assertion always has a subject: an e-mail-only login is one whose `sub` is the e-mail.
  headers: async (login) => ({
    'x-test-assertion': await new SignJWT({
      sub: login.user ?? login.email ?? '',
      ...(login.user !== undefined && login.email !== undefined ? { email: login.email } : {}),
      groups: APPROVER_GROUPS,
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience('ops-console')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(signingKey),
  }),
};

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  signingKey = pair.privateKey;
  const keys = [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }];
  jwks = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => jwks!.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => jwks?.close(() => resolve()));
});

const ALICE: Login = { user: 'alice', email: 'alice@corp.test' };
const BOB: Login = { user: 'bob', email: 'bob@corp.test' };
const CY: Login = { user: 'cy', email: 'cy@corp.test' };

let counter = 0;
const newRef = (label: string) => `${label}-${Date.now()}-${++counter}`;

describe.each(ALL_BACKENDS)('one person, one identity on %s', (backend) => {
  if (skipWithoutServer(backend)) return;

  describe.each([trustedHeader, jwt])('AUTH_MODE=$name', (mode) => {
    const { bff } = storeAndBffForSuite(
      backend,
      `test_one_person_${mode.name.replace('-', '_')}`,
      () => ({ env: { ...COMMON_ENV, ...mode.env(), APPROVAL_ATTRIBUTION: 'email' } }),
    );

    const as = async (login: Login) => {
      const headers = await mode.headers(login);
      return {
        submit: (body: unknown) => bff.request('POST', '/api/withdrawals', { headers, body }),
        approve: (id: string) =>
          bff.request('POST', `/api/approvals/${id}/approve`, { headers, body: {} }),
        cancel: (id: string) =>
          bff.request('POST', `/api/approvals/${id}/cancel`, { headers, body: {} }),
        get: (id: string) => bff.request('GET', `/api/approvals/${id}`, { headers }),
      };
    };
    const hold = async (by: Login, amount: string): Promise<ApprovalRequest> => {
      const res = await (await as(by)).submit(withdrawalBody(newRef('one'), { amount }));
      expect(res.status).toBe(202);
      return HeldForApprovalResponseSchema.parse(res.body).approval;
    };
    const sent = (refId: string) => bff.sandbox.transfers({ ref_id: refId });

    const alicesOtherSpellings: Array<[string, Login]> = [
      ['`Alice`', { user: 'Alice' }],
      ['` ALICE ` with her e-mail in capitals', { user: ' ALICE ', email: 'ALICE@CORP.TEST' }],
      ['`ALICE@corp.test` (her e-mail as the user id)', { user: 'ALICE@corp.test' }],
      ['an e-mail-only login', { email: 'Alice@Corp.Test' }],
      ['another user id carrying her e-mail', { user: 'alice-2', email: 'alice@corp.test' }],
    ];

    it.each(alicesOtherSpellings)(
      "alice's withdrawal is not approved by %s: self-approval, nothing sent",
      async (_label, spelling) => {
        const approval = await hold(ALICE, '250');
        const res = await (await as(spelling)).approve(approval.id);
        expect(res.status).toBe(403);
        expect((res.body as { detail: string }).detail).toMatch(/Self-approval is not allowed/);
        expect(sent(approval.target)).toHaveLength(0);
        const after = (await (await as(BOB)).get(approval.id)).body as ApprovalRequest;
        expect(after).toMatchObject({ status: 'pending', approvals: [] });
      },
    );

    it('`Bob` cannot cast the second vote after `bob`, nor can his e-mail-only login', async () => {
      const approval = await hold(ALICE, '5000');
      expect((await (await as(BOB)).approve(approval.id)).status).toBe(200);
      for (const spelling of [{ user: 'Bob' }, { email: 'BOB@corp.test' }, { user: 'BOB ' }]) {
        const twice = await (await as(spelling)).approve(approval.id);
        expect(twice.status).toBe(409);
        expect((twice.body as { detail: string }).detail).toMatch(/already approved/);
      }
      expect(sent(approval.target)).toHaveLength(0);
      const second = await (await as(CY)).approve(approval.id);
      expect(second.status).toBe(200);
      expect((second.body as HeldForApprovalResponse).submission?.outcome).toBe('created');
      // Attribution names each person by one spelling: the case-folded e-mail.
      expect(sent(approval.target)[0]?.metadata).toMatchObject({
        aoc_initiated_by: 'alice@corp.test',
        aoc_approved_by: 'bob@corp.test,cy@corp.test',
      });
    });

    it('alice may cancel her request under another spelling; bob may not', async () => {
      const approval = await hold(ALICE, '250');
      expect((await (await as(BOB)).cancel(approval.id)).status).toBe(403);
      const res = await (await as({ user: 'ALICE' })).cancel(approval.id);
      expect(res.status).toBe(200);
      expect((res.body as HeldForApprovalResponse).approval.status).toBe('cancelled');
    });

    it('a withdrawal of an initiator named in capitals is attributed by the folded e-mail', async () => {
      const approval = await hold({ user: 'Dana', email: 'Dana@Corp.Test' }, '250');
      expect((await (await as(BOB)).approve(approval.id)).status).toBe(200);
      expect(sent(approval.target)[0]?.metadata).toMatchObject({
        aoc_initiated_by: 'dana@corp.test',
        aoc_approved_by: 'bob@corp.test',
      });
    });

    if (mode.name === 'trusted-header')
      it('a user-id-only login and an e-mail-only login cannot be told apart: refused', async () => {
        // The proxy sent no e-mail for the initiator: an e-mail-only approver could be them.
        const approval = await hold({ user: 'erin' }, '250');
        const res = await (await as({ email: 'frank@corp.test' })).approve(approval.id);
        expect(res.status).toBe(403);
        expect(sent(approval.target)).toHaveLength(0);
        // Named the same way (a user id each), they are told apart.
        expect((await (await as({ user: 'frank' })).approve(approval.id)).status).toBe(200);
      });
  });
});

describe('the write limit counts a person once, however spelled', () => {
  const bff = testBffForSuite(() => ({
    env: {
      ...COMMON_ENV,
      ...trustedHeader.env(),
      WRITE_RATE_LIMIT_PER_MINUTE: '2',
    },
  }));

  it('alice, `Alice` and her e-mail-only login share one budget', async () => {
    const statuses: number[] = [];
    for (const login of [
      ALICE,
      { user: 'Alice', email: 'ALICE@corp.test' },
      { email: 'alice@corp.test' },
    ]) {
      const headers = await trustedHeader.headers(login);
      // Invalid bodies: counted before validation, nothing goes upstream.
      statuses.push((await bff.request('POST', '/api/withdrawals', { headers, body: {} })).status);
    }
    expect(statuses).toEqual([400, 400, 429]);
    const bob = await trustedHeader.headers(BOB);
    expect((await bff.request('POST', '/api/withdrawals', { headers: bob, body: {} })).status).toBe(
      400,
    );
  });
});

describe.each(ALL_BACKENDS)('requests held before the rule, on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const store = storeForSuite(backend, 'test_one_person_rows');

  /** A held address change as a row written before the e-mail was kept (initiator_email NULL). */
  const oldRow = async (subject: string, attribution: string) => {
    const id = `apr_old_${++counter}`;
    await store.approvals!.holdAddress({
      id,
      kind: 'address',
      target: `ETHEREUM:0xold${counter}:`,
      initiator: { subject, name: subject },
      initiatorAttribution: attribution,
      requestId: 'req-old',
      requiredApprovals: 1,
      reason: 'new address',
      payload: { request: {}, change: 'new', diff: [] },
      ttlMinutes: 60,
    });
    await store.db.query('UPDATE approval_requests SET initiator_email = NULL WHERE id = $1', [id]);
    return id;
  };
  const approveAs = (id: string, operator: { subject: string; email?: string }) =>
    store.approvals!.decide(id, {
      kind: 'approve',
      operator: { ...operator, name: operator.subject },
      attribution: operator.subject,
    });

  it('compares a raw stored subject by the same rule: `Alice` held it, `alice` cannot approve', async () => {
    const id = await oldRow('Alice', 'Alice');
    expect(await approveAs(id, { subject: 'alice', email: 'alice@corp.test' })).toEqual({
      refused: 'self',
    });
    expect(
      (await approveAs(id, { subject: 'bob', email: 'bob@corp.test' })).refused,
    ).toBeUndefined();
  });

  it("the migration keeps an e-mail attribution as the initiator's e-mail", async () => {
    const id = await oldRow('u-17', 'Alice@Corp.Test');
    // The backfill of 011-approval-person-email.sql, as it ran on rows held before it.
    const sql = readFileSync(
      new URL('../store/migrations/011-approval-person-email.sql', import.meta.url),
      'utf8',
    );
    for (const statement of sql.split(';').filter((s) => /^\s*(--.*\n\s*)*UPDATE/.test(s)))
      await store.db.query(statement);
    expect((await store.approvals!.get(id))?.approval.initiator.email).toBe('Alice@Corp.Test');
    expect(await approveAs(id, { subject: 'ALICE@corp.test' })).toEqual({ refused: 'self' });
  });
});

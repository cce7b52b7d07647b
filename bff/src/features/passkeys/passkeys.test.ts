import { describe, expect, it } from 'vitest';
import { HeldForApprovalResponseSchema, type ApprovalRequest } from '#contract/approvals';
import { ApprovalSignaturesResponseSchema } from '#contract/passkeys';
import {
  createCredential,
  getAssertion,
  type SoftwareCredential,
} from '#bff-test/software-authenticator';
import { withdrawalBody } from '#bff-test/withdrawal-body';
import { reverifyDecisionSignature } from '#bff/four-eyes/passkey-assertion';
import { ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import { storeAndBffForSuite } from '#bff-test/test-bff-for-suite';
import { person as ssoPerson } from '#bff-test/sso-people';
import { trustedHeaderEnv } from '#bff-test/trusted-header-bff';

// Issue 29: approvals signed by the approver's own passkey, through createApp on a real store.
// The authenticator is a software one (P-256 via node:crypto): real bytes, verified for real.

const SCHEMA = 'test_passkeys_http';
const ORIGIN = 'https://ops.example.com';
const RP = { origin: ORIGIN, rpId: 'ops.example.com' };

const POLICY = {
  withdrawals: { require: 'tiers', tiers: [{ asset: 'USDG', above: '100', approvals: 1 }] },
  addresses: { new_addresses: false, travel_rule_changes: false },
  destinations: { allowlist: false },
  approvals_require_passkey: true,
};
// trustedHeaderEnv's PUBLIC_ORIGIN is ORIGIN: the passkeys' relying party.
const SSO_ENV = trustedHeaderEnv(
  'viewer=ops;address-editor=ops;withdrawal-initiator=ops;withdrawal-approver=approvers;address-approver=approvers;passkey-admin=admins',
  POLICY,
);
/** A person as the proxy names them, from the console's origin (passkey ceremonies check it). */
const person = (user: string, groups: string) => ({ ...ssoPerson(user, groups), origin: ORIGIN });
const ANA = person('ana', 'ops,approvers');
const BEN = person('ben', 'ops,approvers');
const CY = person('cy', 'ops,approvers');
const DEE = person('dee', 'ops,admins');

let counter = 0;
const newRef = () => `passkey-${Date.now()}-${++counter}`;

interface Challenge {
  nonce: string;
  request_hash: string;
  options: { challenge: string; allowCredentials?: Array<{ id: string }>; rpId?: string };
}

describe.each(ALL_BACKENDS)('passkey-signed approvals on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const { store, bff } = storeAndBffForSuite(backend, SCHEMA, () => ({ env: SSO_ENV }));
  const keys: Record<string, SoftwareCredential> = {};

  const as = (headers: Record<string, string>) => ({
    post: (path: string, body: unknown = {}) => bff.request('POST', path, { headers, body }),
    get: (path: string) => bff.request('GET', path, { headers }),
  });
  const enrol = async (headers: Record<string, string>, name: string) => {
    const options = await as(headers).post('/api/passkeys/registration-options');
    expect(options.status).toBe(200);
    const { challenge } = options.body as { challenge: string };
    const made = createCredential({ ...RP, challenge });
    const res = await as(headers).post('/api/passkeys', { name, response: made.response });
    expect(res.status).toBe(201);
    return made.credential;
  };
  const hold = async () => {
    const res = await as(ANA).post(
      '/api/withdrawals',
      withdrawalBody(newRef(), { amount: '250.00' }),
    );
    expect(res.status).toBe(202);
    return HeldForApprovalResponseSchema.parse(res.body).approval;
  };
  const challengeFor = async (
    headers: Record<string, string>,
    id: string,
    body: unknown = { decision: 'approve' },
  ) => {
    const res = await as(headers).post(`/api/approvals/${id}/challenge`, body);
    expect(res.status).toBe(200);
    return res.body as Challenge;
  };
  const signed = (
    credential: SoftwareCredential,
    c: Challenge,
    over: { origin?: string; counter?: number } = {},
  ) => ({
    nonce: c.nonce,
    assertion: getAssertion(credential, { ...RP, challenge: c.options.challenge, ...over }),
  });
  const refusedRule = (res: { status: number; body: unknown }) => {
    expect(res.status).toBe(403);
    return (res.body as { rule?: string }).rule;
  };
  const votes = async (id: string) =>
    ((await as(ANA).get(`/api/approvals/${id}`)).body as ApprovalRequest).approvals.length;

  it('an approver enrols their own key (user verified), lists it, and nobody adds one for someone else', async () => {
    keys.ben = await enrol(BEN, 'Ben laptop');
    keys.cy = await enrol(CY, 'Cy key');
    const mine = await as(BEN).get('/api/passkeys');
    expect(mine.body).toMatchObject({ passkeys: [{ id: keys.ben.id, name: 'Ben laptop' }] });
    expect(((await as(ANA).get('/api/passkeys')).body as { passkeys: unknown[] }).passkeys).toEqual(
      [],
    );
    // Ben's challenge answered in Cy's session: refused, nothing stored.
    const options = await as(BEN).post('/api/passkeys/registration-options');
    const made = createCredential({
      ...RP,
      challenge: (options.body as { challenge: string }).challenge,
    });
    const forOther = await as(CY).post('/api/passkeys', {
      name: 'Not mine',
      response: made.response,
    });
    expect(forOther.status).toBe(403);
    // Without user verification: refused.
    const again = await as(BEN).post('/api/passkeys/registration-options');
    const unverified = createCredential({
      ...RP,
      challenge: (again.body as { challenge: string }).challenge,
      userVerified: false,
    });
    expect(
      (await as(BEN).post('/api/passkeys', { name: 'x', response: unverified.response })).status,
    ).toBe(403);
    // No approver role: no enrolment.
    expect((await as(DEE).post('/api/passkeys/registration-options')).status).toBe(403);
    const audited = await store.db.query<{ action: string; passkey_id: string }>(
      `SELECT action, passkey_id FROM audit_events WHERE action = 'passkey.register' ORDER BY id`,
    );
    expect(audited.map((a) => a.passkey_id)).toEqual([keys.ben.id, keys.cy.id]);
  });

  it('a decision without a signature where the policy requires one is a 403 naming the rule, counting nothing', async () => {
    const approval = await hold();
    const res = await as(BEN).post(`/api/approvals/${approval.id}/approve`, {});
    expect(refusedRule(res)).toBe('passkey-required');
    expect(res.body).toMatchObject({
      type: 'tag:asset-ops-console,2026:problems/passkey-required',
    });
    // An approver without a key gets no challenge either, and is told to enrol.
    const none = await as(ANA).post(`/api/approvals/${approval.id}/challenge`, {
      decision: 'approve',
    });
    expect(none.status).toBe(403);
    expect(await votes(approval.id)).toBe(0);
  });

  it('a signed approval counts, stores the assertion, shows the key, and re-verifies later', async () => {
    const approval = await hold();
    const c = await challengeFor(BEN, approval.id);
    expect(c.options.allowCredentials?.map((k) => k.id)).toEqual([keys.ben!.id]);
    expect(c.options.rpId).toBe('ops.example.com');
    const res = await as(BEN).post(`/api/approvals/${approval.id}/approve`, {
      passkey: signed(keys.ben!, c),
    });
    expect(res.status).toBe(200);
    const decided = HeldForApprovalResponseSchema.parse(res.body).approval;
    expect(decided.status).toBe('approved');
    expect(decided.history.find((e) => e.kind === 'approved')?.signed_with).toEqual({
      credential_id: keys.ben!.id,
      key_name: 'Ben laptop',
    });
    const [signature] = await store.approvals!.signatures!(approval.id);
    expect(signature).toMatchObject({ decision: 'approve', keyName: 'Ben laptop', origin: ORIGIN });
    const key = await store.passkeys!.get(keys.ben!.id);
    expect(await reverifyDecisionSignature(signature!, key!)).toMatchObject({ ok: true });
    // Anyone who reads the ledger gets the stored assertion, verified again.
    const checked = await as(ANA).get(`/api/approvals/${approval.id}/signatures`);
    expect(ApprovalSignaturesResponseSchema.parse(checked.body)).toMatchObject({
      signatures: [
        { decision: 'approve', operator_subject: 'ben', key_name: 'Ben laptop', verified: true },
      ],
    });
    const csv = await as(DEE).get('/api/audit/export.csv');
    const header = csv.text.split('\r\n')[0]!.split(',');
    // Appended after the earlier columns, which keep their places.
    expect(header.indexOf('passkey_id')).toBe(header.indexOf('changed_fields') + 1);
    const row = csv.text
      .split('\r\n')
      .find((line) => line.includes('approval.approve') && line.includes(keys.ben!.id));
    expect(row).toBeDefined();

    // The same nonce again (a replay) is refused.
    const replay = await as(BEN).post(`/api/approvals/${approval.id}/approve`, {
      passkey: signed(keys.ben!, c),
    });
    expect(refusedRule(replay)).toBe('nonce-used');
  });

  it('refuses re-targeted and replayed assertions, each naming its rule, and counts nothing', async () => {
    const first = await hold();
    const second = await hold();
    // Made for the first request, sent to the second.
    const forFirst = await challengeFor(BEN, first.id);
    expect(
      refusedRule(
        await as(BEN).post(`/api/approvals/${second.id}/approve`, {
          passkey: signed(keys.ben!, forFirst),
        }),
      ),
    ).toBe('challenge-mismatch');
    // A rejection whose reason changed after the challenge (the request hash differs).
    const reject = await challengeFor(BEN, second.id, {
      decision: 'reject',
      reason: 'wrong amount',
    });
    expect(
      refusedRule(
        await as(BEN).post(`/api/approvals/${second.id}/reject`, {
          reason: 'another reason',
          passkey: signed(keys.ben!, reject),
        }),
      ),
    ).toBe('challenge-mismatch');
    // Another operator's key, in Cy's own challenge.
    const cy = await challengeFor(CY, second.id);
    expect(
      refusedRule(
        await as(CY).post(`/api/approvals/${second.id}/approve`, {
          passkey: signed(keys.ben!, cy),
        }),
      ),
    ).toBe('passkey-not-yours');
    // Another operator's nonce.
    const bens = await challengeFor(BEN, second.id);
    expect(
      refusedRule(
        await as(CY).post(`/api/approvals/${second.id}/approve`, {
          passkey: signed(keys.cy!, bens),
        }),
      ),
    ).toBe('challenge-mismatch');
    // The wrong origin.
    const origin = await challengeFor(BEN, second.id);
    expect(
      refusedRule(
        await as(BEN).post(`/api/approvals/${second.id}/approve`, {
          passkey: signed(keys.ben!, origin, { origin: 'https://ops.example.com.evil.test' }),
        }),
      ),
    ).toBe('origin-mismatch');
    // The counter going back.
    const back = await challengeFor(BEN, second.id);
    expect(
      refusedRule(
        await as(BEN).post(`/api/approvals/${second.id}/approve`, {
          passkey: signed(keys.ben!, back, { counter: 1 }),
        }),
      ),
    ).toBe('counter-not-increasing');
    // A nonce nobody issued.
    expect(
      refusedRule(
        await as(BEN).post(`/api/approvals/${second.id}/approve`, {
          passkey: { ...signed(keys.ben!, back), nonce: 'n'.repeat(22) },
        }),
      ),
    ).toBe('nonce-unknown');
    expect(await votes(second.id)).toBe(0);
    const refusals = await store.db.query<{ outcome: string }>(
      `SELECT outcome FROM audit_events WHERE target = $1 AND outcome LIKE 'refused-passkey:%' ORDER BY id`,
      [second.target],
    );
    expect(refusals.map((r) => r.outcome)).toContain('refused-passkey:passkey-not-yours');

    // A signed rejection is stored with its key too.
    const ok = await challengeFor(BEN, second.id, { decision: 'reject', reason: 'wrong amount' });
    const rejected = await as(BEN).post(`/api/approvals/${second.id}/reject`, {
      reason: 'wrong amount',
      passkey: signed(keys.ben!, ok),
    });
    expect(rejected.status).toBe(200);
    expect((await store.approvals!.signatures!(second.id)).map((s) => s.decision)).toEqual([
      'reject',
    ]);
  });

  it('a challenge is taken once, by one of two concurrent takers, and never after it expired', async () => {
    const passkeys = store.passkeys!;
    const issue = (nonce: string, ttlMs: number) =>
      passkeys.issueChallenge({ nonce, purpose: 'decision', personKey: 'ben@example.com', ttlMs });
    await issue('expired-nonce-0123456789', 0);
    expect(await passkeys.takeChallenge('expired-nonce-0123456789')).toEqual({
      taken: false,
      why: 'expired',
    });
    await issue('concurrent-nonce-0123456', 60_000);
    const takes = await Promise.all([
      passkeys.takeChallenge('concurrent-nonce-0123456'),
      passkeys.takeChallenge('concurrent-nonce-0123456'),
    ]);
    expect(takes.filter((t) => t.taken)).toHaveLength(1);
    expect(takes.find((t) => !t.taken)).toEqual({ taken: false, why: 'used' });
  });

  it('renames and revokes one own key; a passkey admin revokes anyone, others no one else', async () => {
    expect((await as(CY).post(`/api/passkeys/${keys.ben!.id}/revoke`)).status).toBe(404);
    const renamed = await as(BEN).post(`/api/passkeys/${keys.ben!.id}/rename`, {
      name: 'Ben YubiKey',
    });
    expect(renamed.body).toMatchObject({ name: 'Ben YubiKey' });
    const listed = await as(DEE).get('/api/passkeys?operator=cy@example.com');
    expect(listed.body).toMatchObject({ passkeys: [{ id: keys.cy!.id }] });
    expect((await as(BEN).get('/api/passkeys?operator=cy@example.com')).status).toBe(403);
    expect((await as(DEE).post(`/api/passkeys/${keys.cy!.id}/revoke`)).status).toBe(200);
    expect((await as(BEN).post(`/api/passkeys/${keys.ben!.id}/revoke`)).status).toBe(200);
    expect(((await as(BEN).get('/api/passkeys')).body as { passkeys: unknown[] }).passkeys).toEqual(
      [],
    );
    const audited = await store.db.query<{ outcome: string }>(
      `SELECT outcome FROM audit_events WHERE action = 'passkey.revoke' ORDER BY id`,
    );
    expect(audited.map((a) => a.outcome)).toEqual(['revoked-by-admin', 'revoked']);
    // A revoked key signs nothing.
    const approval = await hold();
    const res = await as(BEN).post(`/api/approvals/${approval.id}/challenge`, {
      decision: 'approve',
    });
    expect(refusedRule(res)).toBe('passkey-required');
  });
});

import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '#contract/approvals';
import { createCredential, getAssertion } from '#bff-test/software-authenticator';
import type { StoredPasskey } from '#bff/store/passkey-port';
import { decisionRequestHash, deriveDecisionChallenge } from './decision-challenge';
import { reverifyDecisionSignature, verifyDecisionAssertion } from './passkey-assertion';

const RP = { origin: 'https://ops.example.com', rpId: 'ops.example.com' };

const approval = (overrides: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  id: 'apr_1',
  kind: 'withdrawal',
  status: 'pending',
  target: 'ref-1',
  initiator: { subject: 'ana', name: 'Ana' },
  created_at: '2026-11-26T00:00:00.000Z',
  expires_at: '2026-11-27T00:00:00.000Z',
  required_approvals: 1,
  reason: 'USDG above 100',
  approvals: [],
  history: [],
  withdrawal: { ref_id: 'ref-1', asset: 'USDG', amount: '250.00', fee_id: 'fee-initiator' },
  ...overrides,
});

function enrolled(): {
  key: StoredPasskey;
  credential: ReturnType<typeof createCredential>['credential'];
} {
  const { credential } = createCredential({ ...RP, challenge: 'registration' });
  return {
    credential,
    key: {
      id: credential.id,
      personKey: 'ben@example.com',
      owner: { subject: 'ben', name: 'Ben' },
      name: 'Ben laptop',
      publicKey: isoBase64URL.fromBuffer(credential.cosePublicKey),
      counter: 0,
      transports: ['internal'],
      createdAt: '2026-11-26T00:00:00.000Z',
    },
  };
}

describe('the challenge a decision signs', () => {
  const hash = decisionRequestHash(approval(), { decision: 'approve', fee_id: 'fee-approver' });
  const challenge = (over: Partial<Parameters<typeof deriveDecisionChallenge>[0]> = {}) =>
    deriveDecisionChallenge({
      approvalId: 'apr_1',
      decision: 'approve',
      requestHash: hash,
      nonce: 'nonce-0123456789abcdef',
      ...over,
    });

  it('is the same for the same request, decision, body and nonce, and base64url', () => {
    expect(challenge()).toBe(challenge());
    expect(challenge()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('changes with the request id, the decision, the request hash and the nonce', () => {
    const others = [
      challenge({ approvalId: 'apr_2' }),
      challenge({ decision: 'reject' }),
      challenge({ requestHash: 'f'.repeat(64) }),
      challenge({ nonce: 'nonce-other-123456789' }),
    ];
    expect(new Set([challenge(), ...others]).size).toBe(5);
  });

  it('covers the exact body that will be sent: the approver fee quote, or none', () => {
    const withQuote = decisionRequestHash(approval(), {
      decision: 'approve',
      fee_id: 'fee-approver',
    });
    const initiators = decisionRequestHash(approval(), { decision: 'approve' });
    const none = decisionRequestHash(approval(), { decision: 'approve', fee_id: null });
    const otherAmount = decisionRequestHash(
      approval({ withdrawal: { ref_id: 'ref-1', asset: 'USDG', amount: '251.00' } }),
      { decision: 'approve', fee_id: 'fee-approver' },
    );
    expect(new Set([withQuote, initiators, none, otherAmount]).size).toBe(4);
    // Spelling the initiator's own quote is the same body as sending it as held.
    expect(decisionRequestHash(approval(), { decision: 'approve', fee_id: 'fee-initiator' })).toBe(
      initiators,
    );
  });

  it('covers an address change, and a rejection its reason', () => {
    const address = approval({
      kind: 'address',
      withdrawal: undefined,
      address: { request: { address: '0xabc' }, change: 'new', diff: [] },
    });
    const changed = approval({
      kind: 'address',
      withdrawal: undefined,
      address: { request: { address: '0xabd' }, change: 'new', diff: [] },
    });
    expect(decisionRequestHash(address, { decision: 'approve' })).not.toBe(
      decisionRequestHash(changed, { decision: 'approve' }),
    );
    expect(decisionRequestHash(address, { decision: 'reject', reason: 'no' })).not.toBe(
      decisionRequestHash(address, { decision: 'reject', reason: 'not this one' }),
    );
  });
});

describe('verifying a decision assertion', () => {
  const expectedChallenge = deriveDecisionChallenge({
    approvalId: 'apr_1',
    decision: 'approve',
    requestHash: 'a'.repeat(64),
    nonce: 'nonce-0123456789abcdef',
  });

  it('accepts a real assertion of the key over the derived challenge', async () => {
    const { key, credential } = enrolled();
    const assertion = getAssertion(credential, { ...RP, challenge: expectedChallenge });
    expect(await verifyDecisionAssertion({ assertion, expectedChallenge, rp: RP, key })).toEqual({
      ok: true,
      newCounter: 1,
    });
  });

  it('refuses the wrong origin', async () => {
    const { key, credential } = enrolled();
    const assertion = getAssertion(credential, {
      ...RP,
      origin: 'https://ops.example.com.evil.test',
      challenge: expectedChallenge,
    });
    expect(
      await verifyDecisionAssertion({ assertion, expectedChallenge, rp: RP, key }),
    ).toMatchObject({ ok: false, rule: 'origin-mismatch' });
  });

  it('refuses the wrong challenge (made for another request)', async () => {
    const { key, credential } = enrolled();
    const other = deriveDecisionChallenge({
      approvalId: 'apr_2',
      decision: 'approve',
      requestHash: 'a'.repeat(64),
      nonce: 'nonce-0123456789abcdef',
    });
    const assertion = getAssertion(credential, { ...RP, challenge: other });
    expect(
      await verifyDecisionAssertion({ assertion, expectedChallenge, rp: RP, key }),
    ).toMatchObject({ ok: false, rule: 'challenge-mismatch' });
  });

  it('refuses a replay: the counter not moving on, or going back', async () => {
    const { key, credential } = enrolled();
    const assertion = getAssertion(credential, { ...RP, challenge: expectedChallenge, counter: 5 });
    const after = { ...key, counter: 5 };
    expect(
      await verifyDecisionAssertion({ assertion, expectedChallenge, rp: RP, key: after }),
    ).toMatchObject({ ok: false, rule: 'counter-not-increasing' });
    const back = getAssertion(credential, { ...RP, challenge: expectedChallenge, counter: 3 });
    expect(
      await verifyDecisionAssertion({ assertion: back, expectedChallenge, rp: RP, key: after }),
    ).toMatchObject({ ok: false, rule: 'counter-not-increasing' });
  });

  it("refuses another operator's key (and a signature by another key under this key's id)", async () => {
    const ben = enrolled();
    const cy = enrolled();
    const byCy = getAssertion(cy.credential, { ...RP, challenge: expectedChallenge });
    expect(
      await verifyDecisionAssertion({ assertion: byCy, expectedChallenge, rp: RP, key: ben.key }),
    ).toMatchObject({ ok: false, rule: 'passkey-not-yours' });
    const forged = { ...byCy, id: ben.key.id, rawId: ben.key.id };
    expect(
      await verifyDecisionAssertion({ assertion: forged, expectedChallenge, rp: RP, key: ben.key }),
    ).toMatchObject({ ok: false, rule: 'signature-invalid' });
  });

  it('refuses another RP id and an unverified user', async () => {
    const { key, credential } = enrolled();
    const otherRp = getAssertion(credential, {
      ...RP,
      rpId: 'example.com',
      challenge: expectedChallenge,
    });
    expect(
      await verifyDecisionAssertion({ assertion: otherRp, expectedChallenge, rp: RP, key }),
    ).toMatchObject({ ok: false, rule: 'rp-id-mismatch' });
    const unverified = getAssertion(credential, {
      ...RP,
      challenge: expectedChallenge,
      userVerified: false,
    });
    expect(
      await verifyDecisionAssertion({ assertion: unverified, expectedChallenge, rp: RP, key }),
    ).toMatchObject({ ok: false, rule: 'user-not-verified' });
  });

  it('re-verifies a stored signature later, and not once anything in it changed', async () => {
    const { key, credential } = enrolled();
    const stored = {
      approvalId: 'apr_1',
      decision: 'approve' as const,
      operatorSubject: 'ben',
      credentialId: key.id,
      keyName: key.name,
      requestHash: 'a'.repeat(64),
      nonce: 'nonce-0123456789abcdef',
      origin: RP.origin,
      rpId: RP.rpId,
      at: '2026-11-26T00:00:00.000Z',
    };
    const assertion = getAssertion(credential, { ...RP, challenge: expectedChallenge, counter: 7 });
    const signature = {
      ...stored,
      authenticatorData: assertion.response.authenticatorData,
      clientDataJSON: assertion.response.clientDataJSON,
      signature: assertion.response.signature,
    };
    expect(await reverifyDecisionSignature(signature, key)).toMatchObject({ ok: true });
    expect(
      await reverifyDecisionSignature({ ...signature, requestHash: 'b'.repeat(64) }, key),
    ).toMatchObject({ ok: false, rule: 'challenge-mismatch' });
    expect(
      await reverifyDecisionSignature({ ...signature, approvalId: 'apr_2' }, key),
    ).toMatchObject({ ok: false, rule: 'challenge-mismatch' });
    const other = enrolled();
    expect(await reverifyDecisionSignature(signature, { ...other.key, id: key.id })).toMatchObject({
      ok: false,
      rule: 'signature-invalid',
    });
  });
});

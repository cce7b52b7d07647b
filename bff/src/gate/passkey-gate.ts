import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { ApprovalPolicy, ApprovalRequest } from '#contract/approvals';
import { personIdentifiers } from '#contract/identity';
import type { DecisionPasskey, PasskeyRule } from '#contract/passkeys';
import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import type { Operator } from '#bff/auth/operator';
import {
  decisionRequestHash,
  deriveDecisionChallenge,
  type DecisionIntent,
} from '#bff/four-eyes/decision-challenge';
import { verifyDecisionAssertion } from '#bff/four-eyes/passkey-assertion';
import type { RelyingParty } from '#bff/four-eyes/relying-party';
import { HttpProblem } from '#bff/http/http-problem';
import type { DecisionSignature } from '#bff/store/approval-port';
import type { PasskeyStore } from '#bff/store/passkey-port';

// The passkey check of a decision (approve, reject), before anything is counted: where the policy
// requires it (approvals_require_passkey), or whenever a signature is sent, the assertion must
// answer the challenge derived for exactly this request, decision and body, with a nonce issued to
// this approver and never used, on this origin and RP id, user verified, by one of the approver's
// own keys, with its counter moving on. Any failure is a 403 naming the rule; nothing is counted.

/** The 403 that refuses a decision's signature, naming the rule it broke. */
export class PasskeyRefusal extends HttpProblem {
  constructor(
    readonly rule: PasskeyRule,
    detail: string,
  ) {
    super({
      type:
        rule === 'passkey-required'
          ? CONSOLE_PROBLEM_TYPES.passkeyRequired
          : CONSOLE_PROBLEM_TYPES.passkeySignatureRefused,
      title: rule === 'passkey-required' ? 'Passkey Required' : 'Passkey Signature Refused',
      status: 403,
      detail,
      rule,
    });
  }
}

const NONCE_REFUSALS: Record<'unknown' | 'used' | 'expired', [PasskeyRule, string]> = {
  unknown: ['nonce-unknown', 'The signature names a nonce this console never issued.'],
  used: ['nonce-used', 'This nonce was used already: ask for a new challenge and sign again.'],
  expired: ['nonce-expired', 'The challenge expired: ask for a new one and sign again.'],
};

/**
 * The verified signature of a decision to store with it; undefined when none is required and
 * none was sent. Throws PasskeyRefusal (403) otherwise.
 */
export async function decisionSignature(args: {
  store: PasskeyStore | undefined;
  policy: ApprovalPolicy;
  operator: Operator;
  approval: ApprovalRequest;
  intent: DecisionIntent;
  passkey: DecisionPasskey | undefined;
  rp: RelyingParty;
}): Promise<DecisionSignature | undefined> {
  const { store, operator, approval, intent, passkey, rp } = args;
  if (!passkey) {
    if (!args.policy.approvals_require_passkey) return undefined;
    throw new PasskeyRefusal(
      'passkey-required',
      'The approval policy requires every decision to be signed with your own passkey: enrol one under Passkeys, then decide again.',
    );
  }
  if (!store)
    throw new PasskeyRefusal('passkey-required', 'This console keeps no passkeys to verify with.');
  const mine = personIdentifiers(operator);
  const taken = await store.takeChallenge(passkey.nonce);
  if (!taken.taken) throw new PasskeyRefusal(...NONCE_REFUSALS[taken.why]);
  const issued = taken.challenge;
  if (
    issued.purpose !== 'decision' ||
    issued.approvalId !== approval.id ||
    issued.decision !== intent.decision ||
    !mine.includes(issued.personKey)
  )
    throw new PasskeyRefusal(
      'challenge-mismatch',
      'This nonce was issued for another request, another decision or another operator.',
    );
  const requestHash = decisionRequestHash(approval, intent);
  if (issued.requestHash !== requestHash)
    throw new PasskeyRefusal(
      'challenge-mismatch',
      'What this decision does changed since the challenge was issued (its request hash differs): ask for a new challenge.',
    );
  const assertion = passkey.assertion as unknown as AuthenticationResponseJSON;
  const key = await store.get(assertion.id);
  if (!key || key.revokedAt !== undefined || !mine.includes(key.personKey))
    throw new PasskeyRefusal(
      'passkey-not-yours',
      'The signature was made with a key that is not one of your enrolled passkeys.',
    );
  const expectedChallenge = deriveDecisionChallenge({
    approvalId: approval.id,
    decision: intent.decision,
    requestHash,
    nonce: passkey.nonce,
  });
  const checked = await verifyDecisionAssertion({ assertion, expectedChallenge, rp, key });
  if (!checked.ok) throw new PasskeyRefusal(checked.rule, checked.detail);
  // The counter moves on in the database (two concurrent uses of one counter: one wins).
  if (!(await store.recordUse(key.id, checked.newCounter)))
    throw new PasskeyRefusal(
      'counter-not-increasing',
      "The key's signature counter did not move on: a replay or a cloned key.",
    );
  return {
    credentialId: key.id,
    keyName: key.name,
    requestHash,
    nonce: passkey.nonce,
    origin: rp.origin,
    rpId: rp.rpId,
    authenticatorData: assertion.response.authenticatorData,
    clientDataJSON: assertion.response.clientDataJSON,
    signature: assertion.response.signature,
    ...(assertion.response.userHandle ? { userHandle: assertion.response.userHandle } : {}),
  };
}

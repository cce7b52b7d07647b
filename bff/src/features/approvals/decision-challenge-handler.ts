import type { RequestHandler } from 'express';
import { personIdentifiers, personKey } from '#contract/identity';
import { DecisionChallengeRequestSchema } from '#contract/passkeys';
import {
  DECISION_NONCE_TTL_MS,
  decisionRequestHash,
  deriveDecisionChallenge,
  newNonce,
  type DecisionIntent,
} from '#bff/four-eyes/decision-challenge';
import { relyingPartyFor } from '#bff/four-eyes/relying-party';
import { webauthnLibrary } from '#bff/four-eyes/webauthn-library';
import { requireApproverFor } from '#bff/gate/approval-gate';
import { PasskeyRefusal } from '#bff/gate/passkey-gate';
import { HttpProblem } from '#bff/http/http-problem';
import type { ApprovalService } from './approval-service';
import { readDecisionRequest } from './decision-request';

/**
 * POST /api/approvals/:id/challenge: a single-use nonce (2 minutes) for one decision on a pending
 * request, and the WebAuthn options whose challenge the BFF derived from the request id, the
 * decision's request hash and the nonce, offering only the caller's own keys.
 */
export function decisionChallengeHandler(service: ApprovalService): RequestHandler {
  const { deps } = service;
  return async (req, res) => {
    const { operator, id, body, stored } = await readDecisionRequest(
      service,
      req,
      res,
      DecisionChallengeRequestSchema,
      'decision',
    );
    requireApproverFor(operator, stored.approval.kind);
    if (stored.approval.status !== 'pending')
      throw new HttpProblem({
        title: 'Conflict',
        status: 409,
        detail: `This request is ${stored.approval.status}: there is nothing left to decide.`,
      });
    const store = deps.store.passkeys;
    const keys = store ? await store.listFor(personIdentifiers(operator)) : [];
    if (!store || keys.length === 0)
      throw new PasskeyRefusal(
        'passkey-required',
        'You have no passkey to sign with: enrol one under Passkeys, then decide again.',
      );
    const rp = relyingPartyFor(deps.config, req);
    const intent: DecisionIntent =
      body.decision === 'approve'
        ? { decision: 'approve', fee_id: body.fee_id }
        : { decision: 'reject', reason: body.reason };
    const requestHash = decisionRequestHash(stored.approval, intent);
    const nonce = newNonce();
    const { expiresAt } = await store.issueChallenge({
      nonce,
      purpose: 'decision',
      personKey: personKey(operator),
      approvalId: id,
      decision: intent.decision,
      requestHash,
      ttlMs: DECISION_NONCE_TTL_MS,
    });
    const challenge = deriveDecisionChallenge({
      approvalId: id,
      decision: intent.decision,
      requestHash,
      nonce,
    });
    const { server, helpers } = await webauthnLibrary();
    const options = await server.generateAuthenticationOptions({
      rpID: rp.rpId,
      challenge: helpers.isoBase64URL.toBuffer(challenge),
      allowCredentials: keys.map((key) => ({ id: key.id, transports: key.transports })),
      userVerification: 'required',
      timeout: DECISION_NONCE_TTL_MS,
    });
    res.json({ nonce, request_hash: requestHash, expires_at: expiresAt, options });
  };
}

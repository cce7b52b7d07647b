import type { RequestHandler } from 'express';
import type { ApprovalSignaturesResponse } from '#contract/passkeys';
import { reverifyDecisionSignature } from '#bff/four-eyes/passkey-assertion';
import type { StoredDecisionSignature } from '#bff/store/approval-port';
import { approvalIdOf, type ApprovalService } from './approval-service';

/**
 * GET /api/approvals/:id/signatures: the passkey signature of each signed decision, as stored,
 * verified again now with the key's public key (revoked keys included: they signed then), so
 * anyone reading the ledger can check who approved or rejected exactly what.
 */
export function signaturesHandler(service: ApprovalService): RequestHandler {
  const { deps } = service;
  const check = async (s: StoredDecisionSignature) => {
    const key = await deps.store.passkeys?.get(s.credentialId);
    const result = key
      ? await reverifyDecisionSignature(s, key)
      : ({ ok: false, rule: 'passkey-not-yours' } as const);
    return {
      decision: s.decision,
      operator_subject: s.operatorSubject,
      credential_id: s.credentialId,
      key_name: s.keyName,
      request_hash: s.requestHash,
      nonce: s.nonce,
      origin: s.origin,
      rp_id: s.rpId,
      authenticator_data: s.authenticatorData,
      client_data_json: s.clientDataJSON,
      signature: s.signature,
      at: s.at,
      verified: result.ok,
      ...(result.ok ? {} : { rule: result.rule }),
    };
  };
  return async (req, res) => {
    const id = approvalIdOf(req);
    await service.load(id);
    const stored = (await service.approvals().signatures?.(id)) ?? [];
    const answer: ApprovalSignaturesResponse = { signatures: await Promise.all(stored.map(check)) };
    res.json(answer);
  };
}

import type { Queryable } from './database';
import type { DecisionSignature, StoredDecisionSignature } from './approval-port';
import { isoTime } from './sql-time';

// The passkey assertion of each signed decision, stored in the decision's transaction (with the
// vote, or with the rejection), so that who decided what can be re-verified later.

interface SignatureRow {
  approval_id: string;
  decision: 'approve' | 'reject';
  operator_subject: string;
  credential_id: string;
  key_name: string;
  request_hash: string;
  nonce: string;
  origin: string;
  rp_id: string;
  authenticator_data: string;
  client_data_json: string;
  signature: string;
  user_handle: string | null;
  at: unknown;
}

export async function insertSignature(
  tx: Queryable,
  approvalId: string,
  decision: 'approve' | 'reject',
  operatorSubject: string,
  s: DecisionSignature,
): Promise<void> {
  await tx.query(
    `INSERT INTO approval_signatures (approval_id, decision, operator_subject, credential_id,
       key_name, request_hash, nonce, origin, rp_id, authenticator_data, client_data_json,
       signature, user_handle)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      approvalId,
      decision,
      operatorSubject,
      s.credentialId,
      s.keyName,
      s.requestHash,
      s.nonce,
      s.origin,
      s.rpId,
      s.authenticatorData,
      s.clientDataJSON,
      s.signature,
      s.userHandle ?? null,
    ],
  );
}

export async function selectSignatures(
  db: Queryable,
  approvalId: string,
): Promise<StoredDecisionSignature[]> {
  const rows = await db.query<SignatureRow>(
    `SELECT approval_id, decision, operator_subject, credential_id, key_name, request_hash, nonce,
       origin, rp_id, authenticator_data, client_data_json, signature, user_handle, at
       FROM approval_signatures WHERE approval_id = $1 ORDER BY seq`,
    [approvalId],
  );
  return rows.map((r) => ({
    approvalId: r.approval_id,
    decision: r.decision,
    operatorSubject: r.operator_subject,
    credentialId: r.credential_id,
    keyName: r.key_name,
    requestHash: r.request_hash,
    nonce: r.nonce,
    origin: r.origin,
    rpId: r.rp_id,
    authenticatorData: r.authenticator_data,
    clientDataJSON: r.client_data_json,
    signature: r.signature,
    ...(r.user_handle !== null ? { userHandle: r.user_handle } : {}),
    at: isoTime(r.at),
  }));
}

import { z } from 'zod';
import { checkSafeText } from './safe-text';

// Passkeys (WebAuthn) of approvers: a decision on an approval request is signed by the approver's
// own key, over a challenge the BFF derives from the request, what the decision does and a
// single-use nonce. The WebAuthn JSON itself (options, responses) is @simplewebauthn's shape:
// checked loosely here, strictly by the BFF's verifier.

/** One registered key, as its owner (or an admin) sees it. Never the public key. */
export const PasskeySchema = z.object({
  /** The credential id (base64url). */
  id: z.string(),
  name: z.string(),
  owner: z.object({ subject: z.string(), name: z.string() }),
  created_at: z.string(),
  last_used_at: z.string().optional(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** GET /api/passkeys: `operator` (a passkey admin only) names someone else by e-mail or user id. */
export const ListPasskeysQuerySchema = z
  .strictObject({ operator: z.string().trim().min(1).max(200).optional() })
  .superRefine(checkSafeText);

/** POST /api/passkeys/registration-options takes no input (the caller enrols for themselves). */
export const RegistrationOptionsRequestSchema = z.strictObject({});

/** GET /api/passkeys (mine; an admin may name another operator with `?operator=`). */
export const ListPasskeysResponseSchema = z.object({ passkeys: z.array(PasskeySchema) });

const KeyNameSchema = z.string().trim().min(1, 'Name the key').max(64);

/** A WebAuthn response as @simplewebauthn/browser gives it (the BFF checks every field). */
const Base64UrlSchema = z.string().regex(/^[A-Za-z0-9_-]{1,1024}$/, 'Base64url');
const WebAuthnResponseSchema = z.looseObject({
  id: Base64UrlSchema,
  rawId: Base64UrlSchema,
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
});

/** POST /api/passkeys: the registration response for the options just given, and its name. */
export const RegisterPasskeyRequestSchema = z
  .strictObject({ name: KeyNameSchema, response: WebAuthnResponseSchema })
  .superRefine(checkSafeText);

/** POST /api/passkeys/:id/rename */
export const RenamePasskeyRequestSchema = z
  .strictObject({ name: KeyNameSchema })
  .superRefine(checkSafeText);

/** The signature sent with a decision: the nonce the challenge was issued with, and the assertion. */
export const DecisionPasskeySchema = z.strictObject({
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'The nonce the challenge was issued with'),
  assertion: WebAuthnResponseSchema,
});
export type DecisionPasskey = z.infer<typeof DecisionPasskeySchema>;

/**
 * POST /api/approvals/:id/challenge: what the decision will be, so the challenge is derived from
 * exactly it (approve with the fee quote it sends, or reject with its reason).
 */
export const DecisionChallengeRequestSchema = z
  .discriminatedUnion('decision', [
    z.strictObject({
      decision: z.literal('approve'),
      fee_id: z.string().trim().min(1).max(128).nullable().optional(),
    }),
    z.strictObject({ decision: z.literal('reject'), reason: z.string().trim().min(1).max(500) }),
  ])
  .superRefine(checkSafeText);
export type DecisionChallengeRequest = z.infer<typeof DecisionChallengeRequestSchema>;

/**
 * The answer: the nonce to send back, the request hash the challenge covers, and the options for
 * navigator.credentials.get (the caller's own keys only, user verification required).
 */
export const DecisionChallengeResponseSchema = z.object({
  nonce: z.string(),
  request_hash: z.string(),
  expires_at: z.string(),
  options: z.looseObject({ challenge: z.string() }),
});

/** The rules a decision's signature is held to, each named in the 403 that refuses it. */
export type PasskeyRule =
  | 'passkey-required'
  | 'nonce-unknown'
  | 'nonce-used'
  | 'nonce-expired'
  | 'challenge-mismatch'
  | 'passkey-not-yours'
  | 'origin-mismatch'
  | 'rp-id-mismatch'
  | 'user-not-verified'
  | 'counter-not-increasing'
  | 'signature-invalid';

/**
 * GET /api/approvals/:id/signatures: each signed decision with the assertion as stored (base64url)
 * and whether it verifies now with the key's public key (`rule` says why not).
 */
export const ApprovalSignaturesResponseSchema = z.object({
  signatures: z.array(
    z.object({
      decision: z.enum(['approve', 'reject']),
      operator_subject: z.string(),
      credential_id: z.string(),
      key_name: z.string(),
      request_hash: z.string(),
      nonce: z.string(),
      origin: z.string(),
      rp_id: z.string(),
      authenticator_data: z.string(),
      client_data_json: z.string(),
      signature: z.string(),
      at: z.string(),
      verified: z.boolean(),
      rule: z.string().optional(),
    }),
  ),
});
export type ApprovalSignaturesResponse = z.infer<typeof ApprovalSignaturesResponseSchema>;

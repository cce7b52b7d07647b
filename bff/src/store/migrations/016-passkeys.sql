-- Approvals signed by the approver's own passkey (WebAuthn). Each key is bound to one person
-- (contract/identity.ts: the person key, the folded e-mail or else the folded subject); nobody adds
-- a key for someone else. Revoked keys stay (revoked_at), so a signature made with one can still be
-- re-verified later.
CREATE TABLE passkeys (
  -- The credential id, base64url, as the authenticator gave it.
  id text PRIMARY KEY,
  person_key text NOT NULL,
  owner_subject text NOT NULL,
  owner_name text NOT NULL,
  name text NOT NULL,
  -- The COSE public key, base64url.
  public_key text NOT NULL,
  -- The signature counter last seen (0: the authenticator keeps none).
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by text
);
CREATE INDEX passkeys_person ON passkeys (person_key) WHERE revoked_at IS NULL;

-- Single-use challenges with a short lifetime: a registration's, or a decision's nonce (bound to
-- the request, the decision and the request hash the challenge is derived from).
CREATE TABLE webauthn_challenges (
  nonce text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'decision')),
  person_key text NOT NULL,
  approval_id text,
  decision text,
  request_hash text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);

-- The assertion each decision was signed with, kept so anyone can re-verify later who approved or
-- rejected what: the request hash and nonce the challenge was derived from, the origin and RP id
-- it was verified for, and the authenticator's own bytes (base64url).
CREATE TABLE approval_signatures (
  seq bigserial PRIMARY KEY,
  approval_id text NOT NULL REFERENCES approval_requests (id),
  decision text NOT NULL CHECK (decision IN ('approve', 'reject')),
  operator_subject text NOT NULL,
  credential_id text NOT NULL,
  key_name text NOT NULL,
  request_hash text NOT NULL,
  nonce text NOT NULL UNIQUE,
  origin text NOT NULL,
  rp_id text NOT NULL,
  authenticator_data text NOT NULL,
  client_data_json text NOT NULL,
  signature text NOT NULL,
  user_handle text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX approval_signatures_request ON approval_signatures (approval_id, seq);

-- The history says which key signed each decision; the audit trail carries its id.
ALTER TABLE approval_events ADD COLUMN passkey_id text;
ALTER TABLE approval_events ADD COLUMN passkey_name text;
ALTER TABLE audit_events ADD COLUMN passkey_id text;

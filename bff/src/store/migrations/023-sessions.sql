-- AUTH_MODE=oidc: the console's own sign-in sessions, shared by every instance on this database
-- (a back-channel logout received by one instance ends the session on all of them). The browser
-- holds only a random id; the row is keyed by its SHA-256, so a copy of this table signs nobody in.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  subject text NOT NULL,
  email text,
  name text NOT NULL,
  groups jsonb NOT NULL,
  -- The provider's session (the ID token's sid): what a back-channel logout names.
  sid text,
  -- Kept for id_token_hint when the operator signs out at the provider; never sent to a browser.
  id_token text,
  created_at timestamptz NOT NULL,
  idle_expires_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE INDEX sessions_sid ON sessions (sid) WHERE sid IS NOT NULL;
CREATE INDEX sessions_subject ON sessions (subject);
CREATE INDEX sessions_idle_expires_at ON sessions (idle_expires_at);

-- A sign-in started and not yet finished: the PKCE verifier, state and nonce stay here, keyed by
-- the hash of a short-lived cookie's random id, and are taken (deleted) by the one callback.
CREATE TABLE oidc_login_attempts (
  id_hash text PRIMARY KEY,
  state text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  return_to text NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE INDEX oidc_login_attempts_expires_at ON oidc_login_attempts (expires_at);

-- The jti of each back-channel logout token accepted, until the token would have expired anyway:
-- a replayed token is refused on every instance.
CREATE TABLE oidc_logout_token_ids (
  jti text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

CREATE INDEX oidc_logout_token_ids_expires_at ON oidc_logout_token_ids (expires_at);

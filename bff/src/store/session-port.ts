// AUTH_MODE=oidc's sessions (sql-sessions.ts). Every time is the caller's clock (`now`), so the
// expiry rules are the BFF's and tests move time without waiting.

/** What a signed-in session knows of its person (roles are derived per request from groups). */
export interface SessionPerson {
  subject: string;
  email?: string;
  name: string;
  groups: string[];
}

export interface StoredSession extends SessionPerson {
  /** The provider's session id (ID token `sid`), when it sent one. */
  sid?: string;
  /** The ID token, for id_token_hint at sign-out. Never leaves the BFF. */
  idToken?: string;
  idleExpiresAt: Date;
  expiresAt: Date;
}

interface NewSession extends SessionPerson {
  /** SHA-256 (hex) of the random id the browser holds. */
  idHash: string;
  sid?: string;
  idToken?: string;
  createdAt: Date;
  idleExpiresAt: Date;
  expiresAt: Date;
}

/** A sign-in in progress: what the callback must see again. */
interface LoginAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

export interface SessionStore {
  create(session: NewSession): Promise<void>;
  /** The session, unless it is unknown or past either expiry at `now`. */
  find(idHash: string, now: Date): Promise<StoredSession | undefined>;
  /** Moves the idle expiry (never past the absolute one). */
  touch(idHash: string, idleExpiresAt: Date): Promise<void>;
  /** Ends one session; what it was (for the provider's sign-out), if it existed. */
  end(idHash: string): Promise<StoredSession | undefined>;
  /** Back-channel logout: ends every session of the provider session `sid`, or of `subject`. */
  endByProvider(names: { sid?: string; subject?: string }): Promise<number>;
  saveLoginAttempt(idHash: string, attempt: LoginAttempt, expiresAt: Date): Promise<void>;
  /** Takes (deletes) the attempt: a second callback with it finds nothing. */
  takeLoginAttempt(idHash: string, now: Date): Promise<LoginAttempt | undefined>;
  /** Records a logout token's jti; false when it was seen before (a replay). */
  useLogoutTokenId(jti: string, expiresAt: Date): Promise<boolean>;
  /** Deletes expired sessions, attempts and jtis. How many rows. */
  sweep(now: Date): Promise<number>;
}

// Approvers' passkeys and their challenges as the features see them (sql-passkeys.ts implements it).
import type { OperatorRef } from '#contract/operator-ref';

/** One registered passkey as stored (the public key only: the private one never leaves it). */
export interface StoredPasskey {
  id: string;
  personKey: string;
  owner: OperatorRef;
  name: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  createdAt: string;
  lastUsedAt?: string;
  revokedAt?: string;
}

/** A single-use challenge with a short lifetime. */
interface NewChallenge {
  nonce: string;
  purpose: 'register' | 'decision';
  personKey: string;
  approvalId?: string;
  decision?: 'approve' | 'reject';
  requestHash?: string;
  ttlMs: number;
}

export type TakenChallenge =
  | { taken: true; challenge: Omit<NewChallenge, 'ttlMs'> & { expiresAt: string } }
  | { taken: false; why: 'unknown' | 'used' | 'expired' };

/** Approvers' passkeys and the single-use challenges their registrations and decisions answer. */
export interface PasskeyStore {
  issueChallenge(challenge: NewChallenge): Promise<{ expiresAt: string }>;
  /** Marks the challenge used, once: only the first caller gets it, and only before it expires. */
  takeChallenge(nonce: string): Promise<TakenChallenge>;
  add(key: Omit<StoredPasskey, 'createdAt' | 'lastUsedAt' | 'revokedAt'>): Promise<StoredPasskey>;
  /** The keys (not revoked) of a person, under any of their identifiers (contract/identity.ts). */
  listFor(personIdentifiers: string[]): Promise<StoredPasskey[]>;
  /** A key by credential id, revoked ones included. */
  get(id: string): Promise<StoredPasskey | undefined>;
  rename(id: string, name: string): Promise<StoredPasskey | undefined>;
  revoke(id: string, by: string): Promise<StoredPasskey | undefined>;
  /**
   * Records a use: the counter moves to `counter` only if it increases (or both are 0, an
   * authenticator that keeps none); false when it would not (a cloned key, a replay).
   */
  recordUse(id: string, counter: number): Promise<boolean>;
}

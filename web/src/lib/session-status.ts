import { useSyncExternalStore } from 'react';

// A 401 from the BFF means the SSO session ended. Whoever sees one (a query, a mutation, the CSV
// stream) reports it here; the shell then replaces the app with "Your session ended" and stops
// fetching. Nothing reloads by itself, so an expired session can never cause a reload loop.

// A 401 before the console ever knew who the operator is (a first visit with no identity behind
// the SSO proxy) is not an ended session: the page says "You are not signed in" instead.

/** active: signed in or not yet known; ended: a 401 after a sign-in; signed-out: a 401 before one. */
type SessionStatus = 'active' | 'ended' | 'signed-out';

let ended = false;
let signedIn = false;
let status: SessionStatus = 'active';
const listeners = new Set<() => void>();

/** The BFF named the operator (GET /api/me answered): a later 401 ends a session. */
export function reportSignedIn(): void {
  signedIn = true;
}

export function reportSessionEnded(): void {
  if (ended) return;
  ended = true;
  status = signedIn ? 'ended' : 'signed-out';
  for (const listener of listeners) listener();
}

export function isSessionEnded(): boolean {
  return ended;
}

const sessionStatus = () => status;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the page has a session, lost it, or never had one. */
export function useSessionStatus(): SessionStatus {
  return useSyncExternalStore(subscribe, sessionStatus, sessionStatus);
}

/** For tests only: a fresh start. */
export function resetSessionStatusForTests(): void {
  ended = false;
  signedIn = false;
  status = 'active';
  for (const listener of listeners) listener();
}

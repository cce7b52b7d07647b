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
/** AUTH_MODE=oidc: the console's own sign-in (the 401 problem's `sign_in`), else undefined. */
let signIn: string | undefined;
let status: SessionStatus = 'active';
const listeners = new Set<() => void>();

/** The BFF named the operator (GET /api/me answered): a later 401 ends a session. */
export function reportSignedIn(): void {
  signedIn = true;
}

/**
 * `problem`: the 401's body. When it names the console's own sign-in (`sign_in`: AUTH_MODE=oidc)
 * the page links there instead of reloading through an SSO proxy.
 */
export function reportSessionEnded(problem?: Record<string, unknown>): void {
  if (ended) return;
  ended = true;
  const path = problem?.sign_in;
  // Only our own sign-in route: the body is the BFF's, but a link is never taken on trust.
  signIn = path === '/auth/login' ? path : undefined;
  status = signedIn ? 'ended' : 'signed-out';
  for (const listener of listeners) listener();
}

export function isSessionEnded(): boolean {
  return ended;
}

const sessionStatus = () => status;

/**
 * Where Sign in goes in AUTH_MODE=oidc: the console's sign-in, returning to this very page (path
 * and query). Undefined behind an SSO proxy (a reload goes through it).
 */
export function signInHref(location: { pathname: string; search: string }): string | undefined {
  if (signIn === undefined) return undefined;
  return `${signIn}?return_to=${encodeURIComponent(location.pathname + location.search)}`;
}

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
  signIn = undefined;
  status = 'active';
  for (const listener of listeners) listener();
}

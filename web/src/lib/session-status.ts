import { useSyncExternalStore } from 'react';

// A 401 from the BFF means the SSO session ended. Whoever sees one (a query, a mutation, the CSV
// stream) reports it here; the shell then replaces the app with "Your session ended" and stops
// fetching. Nothing reloads by itself, so an expired session can never cause a reload loop.

let ended = false;
const listeners = new Set<() => void>();

export function reportSessionEnded(): void {
  if (ended) return;
  ended = true;
  for (const listener of listeners) listener();
}

export function isSessionEnded(): boolean {
  return ended;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionEnded(): boolean {
  return useSyncExternalStore(subscribe, isSessionEnded, isSessionEnded);
}

/** For tests only: a fresh start. */
export function resetSessionStatusForTests(): void {
  ended = false;
  for (const listener of listeners) listener();
}

/**
 * How long to wait before reading something that can still change (a transfer's status, an
 * approval request waiting for a person): first after 2 s, then 1.5 times longer each time, at
 * most 30 s apart. One backoff for every poll of the console.
 */
export function pollDelayMs(readsSoFar: number): number {
  return Math.min(30_000, Math.round(2_000 * 1.5 ** Math.max(0, readsSoFar - 1)));
}

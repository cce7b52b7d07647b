/** First BFF-side re-read of a PENDING transfer; doubles per read. */
const STATUS_CHECK_BASE_MS = 5_000;
/** Longest gap between two reads of one PENDING transfer. */
export const STATUS_CHECK_MAX_MS = 10 * 60_000;

/** When to read a PENDING transfer again after its `checks`-th read: 5 s, 10 s, 20 s … 10 min. */
export function nextStatusCheckInMs(checks: number): number {
  return Math.min(STATUS_CHECK_MAX_MS, STATUS_CHECK_BASE_MS * 2 ** Math.max(0, checks - 1));
}

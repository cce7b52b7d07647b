import { useEffect, useState } from 'react';

/**
 * Seconds left of a wait that started when `seconds` was given (a 429's Retry-After), ticking
 * down to 0 once a second. A new value (a new answer) starts a new countdown.
 */
export function useCountdown(seconds: number | undefined): number {
  const [state, setState] = useState({ from: seconds, left: seconds ?? 0 });
  if (state.from !== seconds) setState({ from: seconds, left: seconds ?? 0 });
  const left = state.from === seconds ? state.left : (seconds ?? 0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setState((s) => ({ ...s, left: s.left - 1 })), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return left;
}

/** The current time, ticking every second while `active` (for an expiry countdown). */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** "1:45" */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Retry-After in whole seconds (delta-seconds or an HTTP date), capped; undefined when absent. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('Retry-After')?.trim();
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - now) / 1000);
  if (!Number.isFinite(seconds)) return undefined;
  return Math.min(Math.max(seconds, 0), 3600);
}

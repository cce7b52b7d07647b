import { useEffect, useState } from 'react';

/**
 * False until the browser first has nothing else to do (requestIdleCallback, at most `timeoutMs`
 * later; a task after the current one where it is missing): for what a page may show a moment
 * after it has painted, so that its code and reads do not compete with the page's own.
 */
export function useWhenIdle(timeoutMs = 2_000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 0);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}

import type { Logger } from '../logger';

/** Pauses between the tries of a record write (a brief database hiccup, a failover). */
const DEFAULT_DELAYS_MS = [25, 100, 400];

/**
 * Writes a record that must follow something the upstream already did (a saved address, an audit
 * event, a withdrawal's outcome): tried again on failure, and when every try failed, logged at
 * error level with `alert: 'record_not_written'` (what to alert on) and what is needed to repair
 * it by hand. Answers what the write returned, when it was written. Never throws: the upstream's
 * answer stands and the operator still gets it.
 */
export async function persistWithRetry<T>(
  write: () => Promise<T>,
  context: { logger: Logger; what: string; fields: Record<string, unknown> },
  delaysMs: readonly number[] = DEFAULT_DELAYS_MS,
): Promise<{ written: true; value: T } | { written: false }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return { written: true, value: await write() };
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined) {
        context.logger.error(
          {
            ...context.fields,
            alert: 'record_not_written',
            tries: attempt + 1,
            err: { message: (error as Error).message },
          },
          `${context.what} not recorded after ${attempt + 1} tries`,
        );
        return { written: false };
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

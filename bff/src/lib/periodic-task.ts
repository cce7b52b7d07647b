import type { Logger } from '../logger';

/** A background job run now and then: at most one round at a time in this process. */
export interface PeriodicTask {
  /** One round now (or the round already running). Resolves to what the round counted. */
  runOnce(): Promise<number>;
  start(): void;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `round` every `intervalMs` (never when it is 0 or less). A failed round is logged as a
 * warning and counts 0: a background job must never take the process down. The timer is unref'd
 * so it never keeps a stopping process alive.
 */
export function createPeriodicTask(options: {
  intervalMs: number;
  round: () => Promise<number>;
  logger: Logger;
  /** The warning logged when a round fails. */
  failure: string;
}): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  function runOnce(): Promise<number> {
    running ??= options
      .round()
      .catch((error: unknown) => {
        options.logger.warn({ err: error }, options.failure);
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }
  return {
    runOnce,
    start() {
      if (timer || options.intervalMs <= 0) return;
      timer = setInterval(() => void runOnce(), options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

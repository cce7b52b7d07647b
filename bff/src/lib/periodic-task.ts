import type { Logger } from '../logger';

/** A background job run now and then: at most one round at a time in this process. */
export interface PeriodicTask {
  /** One round now (or the round already running). Resolves to what the round counted. */
  runOnce(): Promise<number>;
  start(): void;
  /**
   * Something for it to do was just made in this process: the next round starts now (or right
   * after the one running), not at the end of an idle wait. Nothing before start() or after stop().
   */
  wake(): void;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `round` every `intervalMs` (never when it is 0 or less), or every `idleIntervalMs` after
 * a round that counted nothing, until wake() says there is work. A failed round is logged as a
 * warning and counts 0: a background job must never take the process down. The timer is unref'd
 * so it never keeps a stopping process alive.
 *
 * Why idle rounds are slower: the batch sender looked for rows four times a second, three
 * queries a round, in the BFF's own thread on the embedded store, whether or not any batch was
 * being sent; under the proxy bench's read load that was ~3 % of the BFF's busy time
 * (docs/bench.md, "Where the BFF's time goes"). Another instance's work is still found, within
 * the idle interval.
 */
export function createPeriodicTask(options: {
  intervalMs: number;
  /** The wait after a round that counted nothing (default: intervalMs). */
  idleIntervalMs?: number;
  round: () => Promise<number>;
  logger: Logger;
  /** The warning logged when a round fails. */
  failure: string;
}): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let woken = false;
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
  function schedule(ms: number) {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  }
  async function tick() {
    timer = undefined;
    woken = false;
    const counted = await runOnce();
    if (!started || timer) return;
    if (woken) schedule(0);
    else
      schedule(counted > 0 ? options.intervalMs : (options.idleIntervalMs ?? options.intervalMs));
  }
  return {
    runOnce,
    start() {
      if (started || options.intervalMs <= 0) return;
      started = true;
      schedule(options.intervalMs);
    },
    wake() {
      if (!started) return;
      woken = true;
      if (running === undefined) return schedule(0);
      // A round running now may have looked before the work was made: another right after it.
      void running.then(() => {
        if (started && woken) schedule(0);
      });
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

import type { PeriodicTask } from './periodic-task';

/**
 * Where the app's own background jobs run: the runtime starts each one as it is added (and a
 * first round at once) and stops them when it closes. Absent (tests, the benchmark), nothing runs
 * by itself; a test collects the tasks and runs them by hand.
 */
export interface BackgroundTasks {
  /** `wokenByDecisions`: the job acts on approval decisions (the batch sender starts approved batches). */
  add(task: PeriodicTask, options?: { wokenByDecisions?: boolean }): void;
  /**
   * An approval request was just decided in this process: the jobs that act on decisions look
   * now rather than at the end of an idle wait (periodic-task.ts).
   */
  decided?(): void;
}

/** The runtime's: started as added, stopped together. */
export function createBackgroundTasks(): BackgroundTasks & { stop(): Promise<void> } {
  const tasks: PeriodicTask[] = [];
  const wokenByDecisions: PeriodicTask[] = [];
  return {
    add(task, options) {
      tasks.push(task);
      if (options?.wokenByDecisions) wokenByDecisions.push(task);
      task.start();
      void task.runOnce();
    },
    decided() {
      for (const task of wokenByDecisions) task.wake();
    },
    async stop() {
      await Promise.all(tasks.map((task) => task.stop()));
    },
  };
}

import type { PeriodicTask } from './periodic-task';

/**
 * Where the app's own background jobs run: the runtime starts each one as it is added (and a
 * first round at once) and stops them when it closes. Absent (tests, the benchmark), nothing runs
 * by itself; a test collects the tasks and runs them by hand.
 */
export interface BackgroundTasks {
  add(task: PeriodicTask): void;
}

/** The runtime's: started as added, stopped together. */
export function createBackgroundTasks(): BackgroundTasks & { stop(): Promise<void> } {
  const tasks: PeriodicTask[] = [];
  return {
    add(task) {
      tasks.push(task);
      task.start();
      void task.runOnce();
    },
    async stop() {
      await Promise.all(tasks.map((task) => task.stop()));
    },
  };
}

import { describe, expect, it } from 'vitest';
import { createBackgroundTasks } from './background-tasks';
import type { PeriodicTask } from './periodic-task';

function fakeTask(log: string[], name: string): PeriodicTask {
  return {
    runOnce: async () => 0,
    start: () => log.push(`${name} started`),
    wake: () => log.push(`${name} woken`),
    stop: async () => void log.push(`${name} stopped`),
  };
}

describe('createBackgroundTasks', () => {
  it('wakes on a decision only the jobs that act on decisions', async () => {
    const log: string[] = [];
    const tasks = createBackgroundTasks();
    tasks.add(fakeTask(log, 'refresher'));
    tasks.add(fakeTask(log, 'batch sender'), { wokenByDecisions: true });
    tasks.decided?.();
    await tasks.stop();
    expect(log).toEqual([
      'refresher started',
      'batch sender started',
      'batch sender woken',
      'refresher stopped',
      'batch sender stopped',
    ]);
  });
});

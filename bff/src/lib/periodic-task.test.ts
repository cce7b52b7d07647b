import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '#bff/logger';
import { createPeriodicTask } from './periodic-task';

const logger = createLogger('silent');

describe('createPeriodicTask', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /**
   * A task that notes when each round starts; a round counts what `counts` says next (0 once they
   * run out), after `during` (what a round waits for, if anything).
   */
  function task(counts: number[], during?: (round: number) => Promise<void>) {
    const rounds: number[] = [];
    const periodic = createPeriodicTask({
      intervalMs: 250,
      idleIntervalMs: 2_000,
      logger,
      failure: 'failed',
      round: async () => {
        rounds.push(Date.now());
        await during?.(rounds.length);
        return counts.shift() ?? 0;
      },
    });
    return { periodic, rounds };
  }

  it('goes on at the interval while rounds find work, then waits the idle interval', async () => {
    const { periodic, rounds } = task([3, 1]);
    const start = Date.now();
    periodic.start();
    await vi.advanceTimersByTimeAsync(250 + 250 + 250);
    // Rounds at 250 (3), 500 (1), 750 (0): then idle.
    expect(rounds.map((at) => at - start)).toEqual([250, 500, 750]);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(rounds).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toHaveLength(4);
    await periodic.stop();
  });

  it('starts a round at once when woken during an idle wait', async () => {
    const { periodic, rounds } = task([]);
    periodic.start();
    await vi.advanceTimersByTimeAsync(250);
    expect(rounds).toHaveLength(1);
    const woken = Date.now();
    periodic.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds.map((at) => at - woken)).toEqual([expect.any(Number), 0]);
    await periodic.stop();
  });

  it('goes again right after a round that was running when woken', async () => {
    let finish!: () => void;
    const { periodic, rounds } = task([], async (round) => {
      if (round === 1) await new Promise<void>((done) => (finish = done));
    });
    periodic.start();
    await vi.advanceTimersByTimeAsync(250);
    periodic.wake();
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds).toHaveLength(2);
    await periodic.stop();
  });

  it('does nothing when woken before start or after stop', async () => {
    const { periodic, rounds } = task([]);
    periodic.wake();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(rounds).toHaveLength(0);
    periodic.start();
    await periodic.stop();
    periodic.wake();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(rounds).toHaveLength(0);
  });
});

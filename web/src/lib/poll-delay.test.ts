import { describe, expect, it } from 'vitest';
import { pollDelayMs } from './poll-delay';

describe('pollDelayMs', () => {
  it('waits 2 s, then 1.5 times longer each time, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4].map(pollDelayMs)).toEqual([2_000, 2_000, 3_000, 4_500, 6_750]);
    expect(pollDelayMs(9)).toBe(30_000);
    expect(pollDelayMs(50)).toBe(30_000);
  });
});

import { describe, expect, it } from 'vitest';
import { coolingOffWords } from './cooling-off-words';

const NOW = Date.parse('2026-11-28T23:39:08.000Z');

describe('coolingOffWords', () => {
  it('says the time once, in UTC, with what is left', () => {
    expect(coolingOffWords('2026-11-28T23:40:00.000Z', NOW)).toBe(
      'can be sent from 23:40 UTC (in 52 s)',
    );
    expect(coolingOffWords('2026-11-29T01:45:00.000Z', NOW)).toBe(
      'can be sent from 2026-11-29 01:45 UTC (in 2 h 6 min)',
    );
  });

  it('says nothing once it is past, or of what is not a time', () => {
    expect(coolingOffWords('2026-11-28T23:39:00.000Z', NOW)).toBeUndefined();
    expect(coolingOffWords('soon', NOW)).toBeUndefined();
  });
});

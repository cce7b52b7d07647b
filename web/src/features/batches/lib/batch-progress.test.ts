import { describe, expect, it } from 'vitest';
import { batchProgress } from './batch-progress';

// Issue 42 item 7: "4 of 4 rows settled · 3 created, 1 dropped, 1 refused" did not add up.
describe('batchProgress', () => {
  it('counts the rows to send apart from those never sent, so the figures add up', () => {
    expect(batchProgress({ created: 3, dropped: 1, refused: 1 })).toEqual({
      settled: 4,
      toSend: 4,
      words: '4 of 4 rows to send settled: 3 created, 1 refused · not sent: 1 dropped',
    });
  });

  it('lists rows under way, and one row in the singular', () => {
    expect(batchProgress({ sending: 1 }).words).toBe('0 of 1 row to send settled: 1 sending');
  });
});

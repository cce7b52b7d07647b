import { describe, expect, it } from 'vitest';
import { formatLocal, formatUtc } from './date-format';

describe('date formatting', () => {
  it('shows UTC, and the local time with its zone name without throwing', () => {
    expect(formatUtc('2026-10-02T02:00:00.000Z')).toBe('2026-10-02 02:00 UTC');
    expect(formatUtc('2026-10-02T02:00:00.000Z', true)).toBe('2026-10-02');
    expect(formatLocal('2026-10-02T02:00:00.000Z')).toMatch(/2026/);
    expect(formatLocal('not a date')).toBe('not a date');
    expect(formatUtc('not a date')).toBeUndefined();
  });
});

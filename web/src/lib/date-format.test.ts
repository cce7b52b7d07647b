import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLocal, formatUtc, formatUtcTime } from './date-format';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('date formatting', () => {
  it('shows UTC, and the local time with its zone name without throwing', () => {
    expect(formatUtc('2026-10-02T02:00:00.000Z')).toBe('2026-10-02 02:00 UTC');
    expect(formatUtc('2026-10-02T02:00:00.000Z', true)).toBe('2026-10-02');
    expect(formatLocal('2026-10-02T02:00:00.000Z')).toMatch(/2026/);
    expect(formatLocal('not a date')).toBe('not a date');
    expect(formatUtc('not a date')).toBeUndefined();
  });

  it('gives the time of day with seconds, in UTC (a balance or a price read minutes ago)', () => {
    expect(formatUtcTime('2026-11-26T10:02:03.456Z')).toBe('10:02:03 UTC');
    expect(formatUtcTime('2026-11-26T12:02:03+02:00')).toBe('10:02:03 UTC');
    expect(formatUtcTime('not a date')).toBeUndefined();
  });

  it('builds the local-time formatter once, not once per timestamp', () => {
    // A 1,000-row statements page formats two timestamps per row: building an
    // Intl.DateTimeFormat each time was most of the page's script time (bench/statements-page-bench.ts).
    const Real = Intl.DateTimeFormat;
    let built = 0;
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
    ) {
      built += 1;
      return new Real(...args);
    } as unknown as typeof Intl.DateTimeFormat);
    const first = formatLocal('2026-10-02T02:00:00.000Z');
    for (let day = 1; day <= 28; day++)
      formatLocal(`2026-02-${String(day).padStart(2, '0')}T12:00:00.000Z`);
    expect(formatLocal('2026-10-02T02:00:00.000Z')).toBe(first);
    expect(built).toBeLessThanOrEqual(1);
  });
});

import { describe, expect, it } from 'vitest';
import { isoTime, isoTimeSql } from './sql-time';
import { ALL_BACKENDS, skipWithoutServer, storeForSuite } from './testing/test-stores';

describe.each(ALL_BACKENDS)('isoTimeSql on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const store = storeForSuite(backend, 'sql_time_test');

  it('writes what the driver’s Date gives, microseconds truncated to milliseconds', async () => {
    const times = [
      '2026-11-26 03:04:05.123999+00',
      '2026-11-26 03:04:05+00',
      '2026-01-01 23:59:59.999999+05:30',
      '1999-12-31 00:00:00.0005+00',
    ];
    for (const time of times) {
      const [row] = await store.db.query<{ text: unknown; date: unknown }>(
        `SELECT ${isoTimeSql('t')} AS text, t AS date FROM (SELECT $1::timestamptz AS t) AS given`,
        [time],
      );
      expect(row!.text, time).toBe(isoTime(row!.date));
      expect(isoTime(row!.text)).toBe(row!.text);
    }
  });
});

describe('isoTime', () => {
  it('reads a Date, ISO text as it is, and other text through Date', () => {
    expect(isoTime(new Date(Date.UTC(2026, 10, 26, 3, 4, 5, 6)))).toBe('2026-11-26T03:04:05.006Z');
    expect(isoTime('2026-11-26T03:04:05.006Z')).toBe('2026-11-26T03:04:05.006Z');
    expect(isoTime('2026-11-26 04:04:05.006+01')).toBe('2026-11-26T03:04:05.006Z');
  });
});

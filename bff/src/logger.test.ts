import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, isoTimeEachMillisecond } from './logger';

afterEach(() => vi.useRealTimers());

describe('isoTimeEachMillisecond', () => {
  it("writes what pino's isoTime writes, and follows the clock", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-26T10:00:00.123Z'));
    expect(isoTimeEachMillisecond()).toBe(pino.stdTimeFunctions.isoTime());
    expect(isoTimeEachMillisecond()).toBe(',"time":"2026-11-26T10:00:00.123Z"');
    vi.setSystemTime(new Date('2026-11-26T10:00:00.124Z'));
    expect(isoTimeEachMillisecond()).toBe(',"time":"2026-11-26T10:00:00.124Z"');
    vi.setSystemTime(new Date('2027-01-01T00:00:00.000Z'));
    expect(isoTimeEachMillisecond()).toBe(',"time":"2027-01-01T00:00:00.000Z"');
  });

  it('is the time of every line the logger writes', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-26T10:00:00.500Z'));
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('info', sink);
    logger.info('one');
    vi.setSystemTime(new Date('2026-11-26T10:00:01.000Z'));
    logger.info('two');
    expect(lines.map((line) => (JSON.parse(line) as { time: string }).time)).toEqual([
      '2026-11-26T10:00:00.500Z',
      '2026-11-26T10:00:01.000Z',
    ]);
  });
});

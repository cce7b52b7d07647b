import { describe, expect, it } from 'vitest';
import { createLogger } from '#bff/logger';
import { readAllPages } from './page-walk';

function recordingLogger() {
  const lines: string[] = [];
  const logger = createLogger('warn', { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

describe('walkPages: the one loop over the service pages', () => {
  it('follows next_page_cursor until it is empty (or absent, or null)', async () => {
    const { logger, lines } = recordingLogger();
    const pages: Record<string, { items: number[]; next_page_cursor?: string | null }> = {
      start: { items: [1, 2], next_page_cursor: 'b' },
      b: { items: [3], next_page_cursor: null },
    };
    const items = await readAllPages({
      maxPages: 5,
      logger,
      what: 'numbers',
      page: async (cursor) => pages[cursor ?? 'start']!,
    });
    expect(items).toEqual([1, 2, 3]);
    expect(lines).toEqual([]);
  });

  it('stops at the cap and says so once', async () => {
    const { logger, lines } = recordingLogger();
    let n = 0;
    const items = await readAllPages({
      maxPages: 3,
      logger,
      what: 'numbers',
      page: async () => ({ items: [++n], next_page_cursor: `c${n}` }),
    });
    expect(items).toEqual([1, 2, 3]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('numbers: more pages left');
  });

  it('stops when the service hands back a cursor it already gave', async () => {
    const { logger, lines } = recordingLogger();
    let calls = 0;
    const items = await readAllPages({
      maxPages: 50,
      logger,
      what: 'numbers',
      page: async () => ({ items: [++calls], next_page_cursor: calls === 1 ? 'a' : 'b' }),
    });
    // a, then b, then b again: three pages read, never a fourth.
    expect(items).toEqual([1, 2, 3]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('numbers: cursor repeated');
  });
});

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { pgliteStartParams } from './pglite-memory';

describe('the embedded store’s memory settings', () => {
  it('keeps PGlite’s own start parameters and adds an 8 MB buffer pool', () => {
    const params = pgliteStartParams();
    expect(params).toContain('--single');
    expect(params?.slice(-2)).toEqual(['-c', 'shared_buffers=8MB']);
  });

  it('initialises a fresh data directory (in a child process) and opens it with 8 MB of buffers', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'aoc-pglite-memory-')), 'data');
    const db = await openDatabase({ dataDir });
    try {
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '8MB' }]);
      await db.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
    } finally {
      await db.close();
    }
    // Opened again, the cluster is the same one (not initialised anew).
    const again = await openDatabase({ dataDir });
    try {
      expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  }, 120_000);
});

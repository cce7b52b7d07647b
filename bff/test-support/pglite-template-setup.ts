// Vitest's global setup for the BFF's tests: one in-memory PGlite cluster, created and migrated
// once per run, dumped to a file the test files start their in-memory stores from
// (bff/src/store/testing/pglite-template.ts). Each store used to run initdb itself: 2 to 8 s of
// WebAssembly, in most of the BFF's test files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openStore } from '#bff/store/open-store';

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'aoc-pglite-template-'));
  const file = join(dir, 'cluster.tar');
  const store = await openStore();
  try {
    const dump = await store.db.dumpCluster?.();
    if (!dump) throw new Error('PGlite gave no dump of its cluster');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await store.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

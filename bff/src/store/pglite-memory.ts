// What the embedded PGlite store holds in memory, and how we keep it small (docs/bench.md):
// - shared_buffers: PostgreSQL initialises its whole buffer pool at start, so it is resident
//   from the first second. PGlite's default of 128 MB made the BFF about 300 MB idle; the
//   ledger, address book and audit log are small (thousands of rows), and 8 MB of buffers (1,024
//   pages) hold them with room to spare; the files behind them stay in the OS page cache. 16 MB
//   left the whole BFF at 228-255 MB idle, 8 MB at 210-220 (2026-11-24, three runs each).
// - initdb (a fresh DATA_DIR) runs a second WebAssembly instance and grows memory to about
//   780 MB (on Liftoff only; ~890 MB with V8's default tiering) that the process never gives back (a closed PGlite still left 270 MB resident). It
//   runs once per DATA_DIR in a short-lived child process instead, so the BFF never holds it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { V8_POLICY } from '../v8-policy';

/** PGlite's own start parameters with a smaller buffer pool (PGlite replaces, not merges, them). */
export function pgliteStartParams(): string[] | undefined {
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams;
  // A PGlite that no longer exposes its defaults starts with them (and its larger pool).
  if (!Array.isArray(defaults)) return undefined;
  return [...defaults, '-c', 'shared_buffers=8MB'];
}

// The child's whole program: create the cluster, close it, exit.
const INITDB = `const [url, dir] = process.argv.slice(1);
const { PGlite } = await import(url);
const db = await PGlite.create(dir);
await db.close();`;

/**
 * Runs PGlite's initdb for `dataDir` in a child process when the directory holds no cluster yet
 * (PG_VERSION is what initdb writes). A directory that has one is left alone.
 */
export async function initialisePgliteApart(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  // The ESM entry beside the CommonJS one that require.resolve finds.
  const entry = createRequire(import.meta.url)
    .resolve('@electric-sql/pglite')
    .replace(/index\.cjs$/, 'index.js');
  const child = spawn(
    process.execPath,
    // The BFF's own V8 settings: on Liftoff only, initdb peaks ~110 MB lower and ends sooner.
    [...V8_POLICY, '--input-type=module', '-e', INITDB, pathToFileURL(entry).href, dataDir],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0)
    throw new Error(`PGlite could not initialise ${dataDir} (exit ${code}): ${stderr.trim()}`);
}

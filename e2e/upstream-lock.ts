import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A lock on the shared local upstream, across the Playwright workers (each its own process): every
 * test holds it shared, a test tagged @exclusive holds it alone. Files under test-results, one
 * directory per run (the runner's E2E_RUN_ID, which the workers inherit): the exclusive holder
 * creates `exclusive` (an atomic create), then waits for the shared holders to finish; a shared
 * holder waits while `exclusive` exists. A holder whose process has died holds nothing.
 */
const dir = path.join('test-results', `e2e-upstream-lock-${process.env.E2E_RUN_ID ?? 'local'}`);
const exclusiveFile = path.join(dir, 'exclusive');
const sharedDir = path.join(dir, 'shared');
// How often a waiting worker looks again: a test takes seconds, this is its scheduling grain.
const POLL_MS = 100;

export type Release = () => Promise<void>;

export async function holdExclusive(): Promise<Release> {
  await mkdir(sharedDir, { recursive: true });
  for (;;) {
    try {
      await writeFile(exclusiveFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await exclusiveHeld(); // removes it when its holder has died
      await pause();
    }
  }
  while ((await sharedHolders()) > 0) await pause();
  return () => rm(exclusiveFile, { force: true });
}

export async function holdShared(): Promise<Release> {
  await mkdir(sharedDir, { recursive: true });
  const mine = path.join(sharedDir, `${process.pid}-${randomUUID()}`);
  for (;;) {
    while (await exclusiveHeld()) await pause();
    await writeFile(mine, '');
    // An exclusive holder that came in between waits for this file: step back for it instead.
    if (!(await exclusiveHeld())) return () => rm(mine, { force: true });
    await rm(mine, { force: true });
  }
}

async function exclusiveHeld(): Promise<boolean> {
  let pid: string;
  try {
    pid = await readFile(exclusiveFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  // Empty: created a moment ago, its pid not written yet.
  if (pid === '' || alive(Number(pid))) return true;
  await rm(exclusiveFile, { force: true });
  return false;
}

async function sharedHolders(): Promise<number> {
  let count = 0;
  for (const name of await readdir(sharedDir)) {
    if (alive(Number(name.split('-')[0]))) count += 1;
    else await rm(path.join(sharedDir, name), { force: true });
  }
  return count;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

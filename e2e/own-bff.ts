import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import type { WorkerInfo } from '@playwright/test';
import { initialisePgliteApart } from '#bff/store/pglite-memory';

let template: Promise<string> | undefined;

/**
 * A fresh embedded-database cluster, made once per worker: each own BFF starts from a copy of it
 * instead of running PGlite's initdb (seconds of WebAssembly, 16 times a run) in its own start.
 */
function freshCluster(workerIndex: number): Promise<string> {
  template ??= (async () => {
    const dir = path.join('test-results', `pglite-template-${Date.now()}-${workerIndex}`);
    await initialisePgliteApart(dir);
    return dir;
  })();
  return template;
}

/**
 * A BFF of a spec's own: the compiled one the webServer built (`dist/bff/server.js`), on its own
 * ports and data directory, with the environment the spec needs (the demo policy, when it passes
 * no APPROVAL_POLICY). For the specs whose policy differs from the shared server's.
 */
export interface OwnBff {
  url: string;
  sandboxUrl: string;
  /** Ends the BFF and resolves once it has exited (its ports free for the next worker's). */
  stop: () => Promise<void>;
}

export interface OwnBffOptions {
  /** Names the data directory and the error messages ("four-eyes", "one-gate"). */
  name: string;
  port: number;
  sandboxPort: number;
  workerIndex: number;
  /** Added to the process's environment; a key set to undefined is removed from it. */
  env: Record<string, string | undefined>;
}

/** No APPROVAL_POLICY (nor its file): local mode runs the demo policy, every control on. */
export const DEMO_POLICY_ENV = { APPROVAL_POLICY: undefined, APPROVAL_POLICY_FILE: undefined };

/**
 * The worker fixture of a spec with a BFF of its own: started once per worker (a spec file's tests
 * run in one), stopped after the last. Its start may take a while on a busy machine: 90 s.
 */
export function ownBffFixture(
  options: Omit<OwnBffOptions, 'workerIndex'>,
): [
  (args: object, use: (bff: OwnBff) => Promise<void>, workerInfo: WorkerInfo) => Promise<void>,
  { scope: 'worker'; timeout: number },
] {
  return [
    // Playwright reads the fixtures a fixture needs from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const bff = await startOwnBff({ ...options, workerIndex: workerInfo.workerIndex });
      try {
        await use(bff);
      } finally {
        await bff.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ];
}

export async function startOwnBff(options: OwnBffOptions): Promise<OwnBff> {
  const { name, port, sandboxPort } = options;
  const dataDir = path.join(
    'test-results',
    `${name}-data-${port}-${Date.now()}-${options.workerIndex}`,
  );
  cpSync(await freshCluster(options.workerIndex), dataDir, { recursive: true });
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  let stderr = '';
  const child = spawn(process.execPath, ['dist/bff/server.js'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    // A stop still running after 15 s is ended by force: the ports are free either way.
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(kill);
  };
  try {
    await waitForHealth(url, child, name, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, sandboxUrl: `http://127.0.0.1:${sandboxPort}`, stop };
}

async function waitForHealth(url: string, child: ChildProcess, name: string, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the ${name} BFF exited: ${log()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the ${name} BFF did not answer /healthz within 60 s: ${log()}`);
}

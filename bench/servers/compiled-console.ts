import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { V8_START_FLAGS } from '#bff/v8-policy';
import { freePort } from './free-port';

// The console as `npm start` runs it (the compiled BFF with the local upstream in-process), for
// the benches that measure it in a real browser.

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Whether the SPA and the BFF are built (npm run bench builds both first). */
export function compiledConsoleBuilt(): boolean {
  return (
    existsSync(join(root, 'dist/web/index.html')) && existsSync(join(root, 'dist/bff/server.js'))
  );
}

export async function startConsole(
  dataDir: string,
): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  // As npm start runs it (package.json): the V8 flags only the command line can give.
  const child = spawn(process.execPath, [...V8_START_FLAGS, join(root, 'dist/bff/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      SANDBOX_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the console exited (${child.exitCode})`);
    const ok = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { origin, child };
    await new Promise((r) => setTimeout(r, 50));
  }
}

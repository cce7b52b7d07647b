// The BFF as shipped (createRuntime + createApp, its background jobs included) on PGlite in a
// temp dir, with the local upstream in this process where a section reads its stats: the
// address-import and batch-send sections' server.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { createSandbox, DEFAULT_CLIENT, type Sandbox } from '#sandbox/index';
import { createApp } from '#bff/app';
import { loadConfig } from '#bff/config';
import { createLogger, logDestination } from '#bff/logger';
import { createRuntime } from '#bff/runtime';
import { V8_POLICY } from '#bff/v8-policy';

export interface InProcessBff {
  url: string;
  sandbox: Sandbox;
  close(): Promise<void>;
}

/** `env`: the section's own settings on top of the local upstream's, the data dir and web dir. */
export async function startInProcessBff(
  name: string,
  env: Record<string, string>,
): Promise<InProcessBff> {
  // The BFF's own V8 policy, as server.ts applies it (the old generation grows to twice what is
  // live): without it V8 lets an import's garbage pile up (a 10,000-row file took this process's
  // heap to 361 MB; 50 MB after a forced GC, 4 MB over its start). The flags stay set for the
  // rest of the process: run.ts runs these sections last.
  for (const flag of V8_POLICY) setFlagsFromString(flag);
  const sandbox = createSandbox();
  const upstream = await sandbox.listen(0, '127.0.0.1');
  const dir = mkdtempSync(join(tmpdir(), `aoc-${name}-`));
  const config = loadConfig({
    UPSTREAM_BASE_URL: `${upstream.url}/v2`,
    UPSTREAM_TOKEN_URL: `${upstream.url}/oauth2/token`,
    UPSTREAM_CLIENT_ID: DEFAULT_CLIENT.client_id,
    UPSTREAM_CLIENT_SECRET: DEFAULT_CLIENT.client_secret,
    WEB_DIR: 'dist/web',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    DATA_DIR: dir,
    ...env,
  });
  const runtime = await createRuntime(config, {
    logger: createLogger(config.logLevel, logDestination('/dev/null')),
  });
  const server = createServer(createApp(runtime.deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sandbox,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await runtime.close();
      await upstream.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

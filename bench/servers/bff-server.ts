// The BFF as shipped (runtime + createApp, request logging at info level), in front of the
// bench's sandbox as a configured upstream. Logs go to /dev/null: their cost is measured,
// their volume is not printed.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { DEFAULT_CLIENT } from '../../sandbox/index';
import { createApp } from '../../bff/src/app';
import { loadConfig } from '../../bff/src/config';
import { createLogger } from '../../bff/src/logger';
import { createRuntime } from '../../bff/src/runtime';
import { memoryAfterGc, serveParent } from './child-protocol';

const upstream = process.env.BENCH_UPSTREAM_URL!;
const config = loadConfig({
  UPSTREAM_BASE_URL: `${upstream}/v2`,
  UPSTREAM_TOKEN_URL: `${upstream}/oauth2/token`,
  UPSTREAM_CLIENT_ID: DEFAULT_CLIENT.client_id,
  UPSTREAM_CLIENT_SECRET: DEFAULT_CLIENT.client_secret,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'aoc-bench-')),
  LOG_LEVEL: 'info',
  WEB_DIR: 'dist/web',
});
const logger = createLogger(config.logLevel, pino.destination({ dest: '/dev/null', sync: false }));
const runtime = await createRuntime(config, { logger });
const server = createServer(createApp(runtime.deps));
server.listen(0, '127.0.0.1', () => {
  serveParent(() => memoryAfterGc());
  process.send!({
    type: 'ready',
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenRefusal } from './listen-refusal';

const error = (code: string) => Object.assign(new Error(code), { code });

describe('listenRefusal', () => {
  it('names the port, the setting and what to do; other errors are not its business', () => {
    expect(listenRefusal('PORT', 8080, error('EADDRINUSE'))).toBe(
      'Start-up refused: port 8080 (PORT) is in use by another process: stop it, or set PORT to a free port',
    );
    expect(listenRefusal('METRICS_PORT', 80, error('EACCES'))).toMatch(
      /^Start-up refused: port 80 \(METRICS_PORT\) needs privileges .* set METRICS_PORT to a port above 1023$/,
    );
    expect(listenRefusal('PORT', 8080, error('EADDRNOTAVAIL'))).toMatch(/check HOST$/);
    expect(listenRefusal('PORT', 8080, error('EMFILE'))).toBeUndefined();
    expect(listenRefusal('PORT', 8080, undefined)).toBeUndefined();
  });
});

// A port in use gave Node's unhandled 'error' stack trace (seen running `npm start` twice).
describe('server.ts with a port another process holds', () => {
  let holder: Server;
  let held: number;

  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    held = (holder.address() as { port: number }).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => holder.close(() => resolve()));
  });

  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'aoc-listen-')),
        LOG_LEVEL: 'warn',
        ...env,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it.each(['PORT', 'SANDBOX_PORT', 'METRICS_PORT'])(
    'refuses to start in one line naming %s',
    (setting) => {
      const result = start({ PORT: '0', [setting]: String(held) });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toEqual([
        `Start-up refused: port ${held} (${setting}) is in use by another process: stop it, or set ${setting} to a free port`,
      ]);
    },
    // tsx compiles the whole BFF before it listens: on a loaded machine (load 15 on 2 cores,
    // 29 November) that took more than Vitest's 30 s; the child's own limit is 60 s.
    90_000,
  );
});

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { TokenResponseSchema } from '#contract/oauth';
import { SEED_IDS } from './seed/seed';

// `npm run sandbox` (tsx sandbox/server.ts): starts standalone, answers, stops on SIGTERM.

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/server.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

describe('standalone sandbox (sandbox/server.ts)', () => {
  it('listens on SANDBOX_PORT on loopback, serves the API and stops cleanly on SIGTERM', async () => {
    // Port 0: a free port, so this test never collides with a running sandbox on 4010.
    const { child, output } = start({ SANDBOX_PORT: '0' });
    try {
      const deadline = Date.now() + 20_000;
      let url: string | undefined;
      // The banner arrives in several writes: wait for its last line (the README pointer), not
      // just the URL, before asserting on it.
      while (!(url && output().includes('sandbox/README.md')) && Date.now() < deadline) {
        url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1];
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(url, output()).toBeDefined();
      expect(output()).toContain('console-local');
      const tokenRes = await fetch(`${url}/oauth2/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('console-local:console-local-secret').toString('base64')}`,
        },
        body: 'grant_type=client_credentials&scope=statements:read_statement',
      });
      expect(tokenRes.status).toBe(200);
      const { access_token } = TokenResponseSchema.parse(await tokenRes.json());
      const res = await fetch(
        `${url}/v2/statements?customer_id=${SEED_IDS.exampleCustomer}&limit=1`,
        { headers: { authorization: `Bearer ${access_token}` } },
      );
      expect(res.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('refuses a SANDBOX_PORT that is not a port number', async () => {
    const { child, output } = start({ SANDBOX_PORT: 'http' });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(output()).toMatch(/SANDBOX_PORT must be a port number/);
  });
});

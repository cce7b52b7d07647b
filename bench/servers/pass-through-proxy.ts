// The floor any proxy pays here: node:http + an undici Pool, one cached token, no parsing, no
// framework. Answers GET /api/statements?... with the upstream's /v2/statements?... body piped.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { SCOPES } from '#contract/scopes';
import { BENCH_CLIENTS } from './bench-clients';
import { memoryAfterGc, serveParent } from './child-protocol';

const upstreamUrl = process.env.BENCH_UPSTREAM_URL!;
const pool = new Pool(upstreamUrl, { connections: 64, keepAliveTimeout: 10_000 });

async function fetchToken(): Promise<string> {
  const response = await pool.request({
    method: 'POST',
    path: '/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: BENCH_CLIENTS.proxy.client_id,
      client_secret: BENCH_CLIENTS.proxy.client_secret,
      scope: SCOPES.listStatements,
    }).toString(),
  });
  return ((await response.body.json()) as { access_token: string }).access_token;
}

const authorization = `Bearer ${await fetchToken()}`;

const server = createServer((req, res) => {
  const query = req.url!.slice(req.url!.indexOf('?'));
  pool.request({ method: 'GET', path: `/v2/statements${query}`, headers: { authorization } }).then(
    (upstream) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const length = upstream.headers['content-length'];
      if (typeof length === 'string') headers['content-length'] = length;
      res.writeHead(upstream.statusCode, headers);
      upstream.body.once('error', () => res.destroy());
      upstream.body.pipe(res);
    },
    () => {
      res.statusCode = 502;
      res.end();
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  serveParent(() => memoryAfterGc());
  process.send!({
    type: 'ready',
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
});

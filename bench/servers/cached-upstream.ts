// The upstream of the proxy bench: the local upstream's own 100-statement page and token answer,
// captured once, then answered from cached buffers. A remote service costs the proxy under test
// nothing but the bytes; our local upstream builds every page on the same two cores and would
// take most of the machine (docs/bench.md). Also serves:
// - GET /.well-known/jwks.json: the bench's public key (BENCH_JWKS), for the BFF in jwt mode;
// - the export customer's pages (BENCH_EXPORT_CUSTOMER): the captured page again and again, with
//   a cursor to the next one, until BENCH_EXPORT_PAGES pages were served;
// - stats over IPC: token requests per client and scope.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SCOPES } from '#contract/scopes';
import type { Statement } from '#contract/statements';
import { statementCsvRows } from '#bff/features/statements/statements-csv';
import { accessToken, createSandbox, DEFAULT_CLIENT, SEED_IDS } from '#sandbox/index';
import { BENCH_CLIENTS, EXPORT_CUSTOMER } from './bench-clients';
import { memoryAfterGc, serveParent } from './child-protocol';

export interface CachedUpstreamStats {
  /** `${client_id} ${scope}` → token requests. */
  tokenRequests: Record<string, number>;
  statementRequests: number;
  unauthorized: number;
}

async function capture(): Promise<{ page: Buffer; token: string }> {
  const sandbox = createSandbox({ clients: [DEFAULT_CLIENT, BENCH_CLIENTS.direct] });
  const running = await sandbox.listen(0, '127.0.0.1');
  try {
    const token = await accessToken(running.url, BENCH_CLIENTS.direct, [SCOPES.listStatements]);
    const page = await fetch(
      `${running.url}/v2/statements?customer_id=${SEED_IDS.largeCustomer}&limit=100`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    if (page.status !== 200) throw new Error(`the local upstream answered ${page.status}`);
    return { page: Buffer.from(await page.arrayBuffer()), token };
  } finally {
    await running.close();
  }
}

const { page, token } = await capture();
const authorization = `Bearer ${token}`;
const tokenBody = Buffer.from(
  JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3600 }),
);
const jwks = Buffer.from(process.env.BENCH_JWKS ?? '{"keys":[]}');

// The export's page: the captured statements, with "next_page_cursor" spliced in after them.
const parsed = JSON.parse(page.toString('utf8')) as Record<string, unknown>;
delete parsed.next_page_cursor;
const pageHead = Buffer.from(JSON.stringify(parsed).slice(0, -1));
// As many pages as make BENCH_EXPORT_ROWS CSV rows (a statement may take several rows).
const rowsPerPage = (parsed.statements as Statement[]).reduce(
  (sum, statement) => sum + statementCsvRows(statement).rows,
  0,
);
const exportPages = Math.ceil(Number(process.env.BENCH_EXPORT_ROWS ?? 100_000) / rowsPerPage);
function exportPage(index: number): Buffer {
  const next = index + 1 < exportPages ? `,"next_page_cursor":"p${index + 1}"` : '';
  return Buffer.concat([pageHead, Buffer.from(`${next}}`)]);
}

const stats: CachedUpstreamStats = { tokenRequests: {}, statementRequests: 0, unauthorized: 0 };
const json = { 'content-type': 'application/json' };

const server = createServer((req, res) => {
  const url = req.url!;
  if (req.method === 'POST' && url === '/oauth2/token') {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const key = `${form.get('client_id') ?? '?'} ${form.get('scope') ?? '?'}`;
      stats.tokenRequests[key] = (stats.tokenRequests[key] ?? 0) + 1;
      res.writeHead(200, { ...json, 'content-length': tokenBody.length });
      res.end(tokenBody);
    });
    return;
  }
  if (url === '/.well-known/jwks.json') {
    res.writeHead(200, { ...json, 'content-length': jwks.length });
    res.end(jwks);
    return;
  }
  if (url.startsWith('/v2/statements?')) {
    if (req.headers.authorization !== authorization) {
      stats.unauthorized += 1;
      res.writeHead(401, { 'content-type': 'application/problem+json' });
      res.end('{"title":"Unauthorized","status":401}');
      return;
    }
    stats.statementRequests += 1;
    let body = page;
    if (url.includes(EXPORT_CUSTOMER)) {
      const cursor = /[?&]page_cursor=p(\d+)/.exec(url);
      body = exportPage(cursor ? Number(cursor[1]) : 0);
    }
    res.writeHead(200, { ...json, 'content-length': body.length });
    res.end(body);
    return;
  }
  res.writeHead(404);
  res.end();
});

server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  serveParent((what) =>
    what === 'stats' ? { ...stats, rowsPerPage, pageBytes: page.length } : memoryAfterGc(),
  );
  process.send!({
    type: 'ready',
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
});

import { mkdtempSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingStore } from '#bff-test/recording-store';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';

// The built SPA as the build leaves it (scripts/vite-precompress.ts): a brotli and a gzip copy
// beside the entry and index.html, only a gzip copy beside one chunk, none beside another.
const ENTRY = `console.log(${JSON.stringify('statements '.repeat(200))});\n`;
const INDEX = `<!doctype html><title>Asset Ops Console</title>${'<link rel="modulepreload" href="/assets/chunk-abc.js">'.repeat(20)}<script type="module" src="/assets/index-abc123.js"></script>`;
const GZIP_ONLY = `export const only = ${JSON.stringify('gzip '.repeat(200))};\n`;
const PLAIN = `export const plain = ${JSON.stringify('plain '.repeat(200))};\n`;
/** A page's own copy of index.html, with its header in the shell (scripts/vite-page-shells.ts). */
const NEW_WITHDRAWAL_SHELL = INDEX.replace(
  '<title>Asset Ops Console</title>',
  '<title>New withdrawal · Asset Ops Console</title><h1>New withdrawal</h1>',
);

async function get(
  bff: TestBff,
  path: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
) {
  const response = await request(`${bff.url}${path}`, { method, headers });
  const body = Buffer.from(await response.body.arrayBuffer());
  return { status: response.statusCode, headers: response.headers, body };
}

function decoded(body: Buffer, encoding: unknown): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe('static files: precompressed copies by Accept-Encoding', () => {
  let bff: TestBff;
  let webDir: string;
  const file = (path: string) => join(webDir, path);
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'aoc-web-static-'));
    mkdirSync(file('assets'));
    const write = (path: string, content: string, codings: Array<'br' | 'gzip'>) => {
      writeFileSync(file(path), content);
      if (codings.includes('br')) writeFileSync(file(`${path}.br`), brotliCompressSync(content));
      if (codings.includes('gzip')) writeFileSync(file(`${path}.gz`), gzipSync(content));
    };
    write('index.html', INDEX, ['br', 'gzip']);
    write('assets/index-abc123.js', ENTRY, ['br', 'gzip']);
    write('assets/only-gzip-abc.js', GZIP_ONLY, ['gzip']);
    write('assets/plain-abc.js', PLAIN, []);
    mkdirSync(file('shells'));
    write('shells/new-withdrawal.html', NEW_WITHDRAWAL_SHELL, ['br', 'gzip']);
    write(
      'shells/index.json',
      JSON.stringify({ '/withdrawals/new': 'shells/new-withdrawal.html' }),
      [],
    );
    bff = await startTestBff({
      env: { WEB_DIR: webDir },
      deps: { store: createRecordingStore() },
    });
  });
  afterAll(async () => {
    await bff.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that takes br (preferred to gzip), with the original type', async () => {
    const res = await get(bff, '/assets/index-abc123.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(
      statSync(file('assets/index-abc123.js.br')).size,
    );
    expect(res.body.length).toBeLessThan(Buffer.byteLength(ENTRY));
    expect(decoded(res.body, res.headers['content-encoding'])).toBe(ENTRY);
  });

  it('sends gzip when br is not taken or refused with q=0, and the file itself when neither is', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
      ['*;q=0', undefined],
    ] as const) {
      const res = await get(bff, '/assets/index-abc123.js', { 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], accept).toBe('text/javascript; charset=utf-8');
      expect(Number(res.headers['content-length']), accept).toBe(res.body.length);
      expect(decoded(res.body, res.headers['content-encoding']), accept).toBe(ENTRY);
    }
    const none = await get(bff, '/assets/index-abc123.js');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(ENTRY);
  });

  it('falls back to the copy that exists: gzip when there is no .br, the file when there is none', async () => {
    const gz = await get(bff, '/assets/only-gzip-abc.js', { 'accept-encoding': 'br, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz.body, 'gzip')).toBe(GZIP_ONLY);
    const plain = await get(bff, '/assets/plain-abc.js', { 'accept-encoding': 'br, gzip' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.toString()).toBe(PLAIN);
  });

  it('answers HEAD with the headers of the GET it stands for, and no body', async () => {
    const head = await get(bff, '/assets/index-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(head.headers['content-length'])).toBe(
      statSync(file('assets/index-abc123.js.br')).size,
    );
    expect(head.body.length).toBe(0);
    const page = await get(bff, '/statements', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body.length).toBe(0);
  });

  it('revalidates each coding by its own ETag: 304 for the same one, the body for another', async () => {
    const br = await get(bff, '/assets/index-abc123.js', { 'accept-encoding': 'br' });
    const gz = await get(bff, '/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const again = await get(bff, '/assets/index-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await get(bff, '/assets/index-abc123.js', {
      'accept-encoding': 'gzip',
      'if-none-match': String(br.headers.etag),
    });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
    const page = await get(bff, '/', { 'accept-encoding': 'br' });
    const revalidated = await get(bff, '/', {
      'accept-encoding': 'br',
      'if-none-match': String(page.headers.etag),
    });
    expect(revalidated.status).toBe(304);
  });

  it('serves index.html and the client-route fallback compressed too, never cached', async () => {
    for (const path of [
      '/',
      '/statements?customer_id=x',
      '/withdrawals/payout.2026-11',
      '/index.html',
    ]) {
      const res = await get(bff, path, { 'accept-encoding': 'gzip, br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers.vary, path).toMatch(/accept-encoding/i);
      expect(decoded(res.body, 'br'), path).toBe(INDEX);
      const plain = await get(bff, path);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.body.toString(), path).toBe(INDEX);
    }
  });

  it("serves a page's own copy of index.html at its path, compressed the same way, and index.html elsewhere", async () => {
    for (const path of ['/withdrawals/new', '/withdrawals/new/', '/withdrawals/new?asset=ETH']) {
      const res = await get(bff, path, { 'accept-encoding': 'br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(decoded(res.body, 'br'), path).toBe(NEW_WITHDRAWAL_SHELL);
      const plain = await get(bff, path);
      expect(plain.body.toString(), path).toBe(NEW_WITHDRAWAL_SHELL);
    }
    for (const path of [
      '/withdrawals',
      '/withdrawals/new-ish',
      '/withdrawals/new/x',
      '/WITHDRAWALS/NEW',
    ])
      expect((await get(bff, path)).body.toString(), path).toBe(INDEX);
  });

  it('never serves the compressed copies under their own names', async () => {
    for (const path of [
      '/assets/index-abc123.js.br',
      '/assets/index-abc123.js.gz',
      '/index.html.br',
    ]) {
      const res = await get(bff, path, { 'accept-encoding': 'br, gzip' });
      expect(res.status, path).toBe(404);
      expect(res.headers['content-encoding'], path).toBeUndefined();
      expect(res.headers['content-type'], path).toMatch(/^application\/problem\+json/);
    }
    const missing = await get(bff, '/assets/nope.js', { 'accept-encoding': 'br, gzip' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });

  it('sends the document-only security headers with documents, not with hashed assets', async () => {
    const asset = await get(bff, '/assets/index-abc123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['referrer-policy']).toBe('no-referrer');
    for (const path of ['/', '/statements', '/index.html']) {
      const page = await get(bff, path, { 'accept-encoding': 'br' });
      expect(String(page.headers['content-security-policy']), path).toContain("script-src 'self'");
      expect(page.headers['x-frame-options'], path).toBe('SAMEORIGIN');
    }
  });

  it('compresses an API answer only for a client that asks (issue 41: http/compress-json.ts)', async () => {
    const asked = await get(bff, '/api/me', { 'accept-encoding': 'br, gzip', 'x-csrf': '1' });
    expect(asked.status).toBe(200);
    expect(asked.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(asked.body).toString())).toHaveProperty('operator');
    const plain = await get(bff, '/api/me', { 'x-csrf': '1' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toHaveProperty('operator');
  });

  // Issue 37 item 3: a NUL in a static path made the file system throw (a 500 and an error line
  // with a stack, for anyone who can reach the listener, no identity needed).
  it.each([
    '/index.html%00.js',
    '/assets/%00.js',
    '/assets/index-abc123.js%00',
    '/assets/index-abc123.js%00.br',
    '/%00',
    '/withdrawals/ref%00id',
    '/index.html%00',
  ])('GET and HEAD %s are a 4xx problem, never a 500 or an error line', async (path) => {
    const before = bff.logs.lines.length;
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await get(bff, path, { 'accept-encoding': 'br, gzip' }, method);
      expect([400, 404], `${method} ${path}`).toContain(res.status);
      if (method === 'GET') {
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(JSON.parse(res.body.toString())).toMatchObject({ status: res.status });
      }
    }
    // Nothing at error level (pino: 50 and above) was written for these requests.
    const levels = bff.logs.lines
      .slice(before)
      .map((line) => (JSON.parse(line) as { level: number }).level);
    expect(levels.filter((level) => level >= 50)).toEqual([]);
  });
});

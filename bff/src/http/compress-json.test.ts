import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, createGunzip, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '#sandbox/index';
import { testBffForSuite } from '#bff-test/test-bff-for-suite';
import { compressJsonAnswers, MIN_COMPRESSED_BYTES } from './compress-json';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The bytes as they came off the wire (fetch would decode them). */
function rawGet(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers: { 'x-csrf': '1', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers that differ from one request to the next whatever the coding. */
function stableHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
}

const PAGE = `/api/statements?customer_id=${SEED_IDS.largeCustomer}&limit=100`;
const DEMO_PAGE = `/api/statements?customer_id=${SEED_IDS.exampleCustomer}&limit=25`;

describe('compressed API answers through the BFF', () => {
  const bff = testBffForSuite();

  it('gzip and br answers decode to the same JSON, with Vary: Accept-Encoding', async () => {
    const plain = await rawGet(bff.url, PAGE);
    expect(plain.status).toBe(200);
    const gzipped = await rawGet(bff.url, PAGE, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 4);
    const brotli = await rawGet(bff.url, DEMO_PAGE, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    const demoPlain = await rawGet(bff.url, DEMO_PAGE);
    expect(brotliDecompressSync(brotli.body).equals(demoPlain.body)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString('utf8'))).toHaveProperty(
      'statements',
    );
  });

  // A page too large for the socket's buffer, sent corked (list-statements.ts): it hung before.
  it('a 1,000-statement page arrives whole in gzip and br', async () => {
    const large = `/api/statements?customer_id=${SEED_IDS.largeCustomer}&limit=1000`;
    const plain = await rawGet(bff.url, large);
    expect(plain.body.length).toBeGreaterThan(500_000);
    const gzipped = await rawGet(bff.url, large, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    const brotli = await rawGet(bff.url, large, { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
  });

  it('without Accept-Encoding: the same bytes and headers as a client that refuses every coding', async () => {
    const plain = await rawGet(bff.url, PAGE);
    const refusing = await rawGet(bff.url, PAGE, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(plain.body.equals(refusing.body)).toBe(true);
    expect(stableHeaders(plain.headers)).toEqual(stableHeaders(refusing.headers));
  });
});

describe('compressJsonAnswers', () => {
  let server: Server;
  let base: string;
  let handler: (res: ServerResponse) => void = () => undefined;
  const middleware = compressJsonAnswers();
  let wrapped = { write: false, end: false };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const before = { write: res.write, end: res.end };
      middleware(req, res, () => {
        wrapped = { write: res.write !== before.write, end: res.end !== before.end };
        handler(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('touches nothing of a response to a client that asks no compression', async () => {
    handler = (res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end('{"ok":true}');
    };
    await rawGet(base, '/');
    expect(wrapped).toEqual({ write: false, end: false });
    await rawGet(base, '/', { 'accept-encoding': 'gzip' });
    expect(wrapped).toEqual({ write: true, end: true });
  });

  it('compresses problem+json, and leaves small answers and other types as they are', async () => {
    const problem = JSON.stringify({ title: 'Bad Request', status: 400, detail: 'x'.repeat(2000) });
    handler = (res) => {
      res.statusCode = 400;
      res.setHeader('Content-Type', 'application/problem+json');
      res.end(problem);
    };
    const big = await rawGet(base, '/', { 'accept-encoding': 'gzip' });
    expect(big.status).toBe(400);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(big.body).toString()).toBe(problem);
    expect(Number(big.headers['content-length'])).toBe(big.body.length);

    handler = (res) => {
      res.setHeader('Content-Type', 'application/problem+json');
      res.end('{"title":"Not Found"}');
    };
    const small = await rawGet(base, '/', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect('{"title":"Not Found"}'.length).toBeLessThan(MIN_COMPRESSED_BYTES);

    handler = (res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.end('y'.repeat(5000));
    };
    const text = await rawGet(base, '/', { 'accept-encoding': 'gzip' });
    expect(text.headers['content-encoding']).toBeUndefined();
    expect(text.body.toString()).toBe('y'.repeat(5000));
  });

  it('a corked answer larger than the socket buffer arrives whole', async () => {
    // Random bytes as hex: barely compressible, so the compressed page overflows the socket.
    const chunks = Array.from({ length: 40 }, (_, i) =>
      i === 0 ? '["' : `${randomBytes(8192).toString('hex')}${i === 39 ? '"]' : ''}`,
    );
    handler = (res) => {
      res.setHeader('Content-Type', 'application/json');
      res.cork();
      for (const chunk of chunks) res.write(chunk);
      res.end();
    };
    for (const coding of ['gzip', 'br'] as const) {
      const answer = await rawGet(base, '/', { 'accept-encoding': coding });
      const decode = coding === 'gzip' ? gunzipSync : brotliDecompressSync;
      expect(decode(answer.body).toString('utf8')).toBe(chunks.join(''));
    }
  });

  it('a page written in chunks arrives compressed chunk by chunk, each readable before the next is written', async () => {
    const parts = ['[{"n":1,"pad":"' + 'a'.repeat(3000) + '"}', ',{"n":2}', ',{"n":3}]'];
    let release: () => void = () => undefined;
    handler = (res) => {
      res.setHeader('Content-Type', 'application/json');
      void (async () => {
        for (const [index, part] of parts.entries()) {
          const received = new Promise<void>((resolve) => (release = resolve));
          res.write(part);
          // The next chunk is written only once the client has decoded this one.
          if (index < parts.length - 1) await received;
        }
        res.end();
      })();
    };
    const decoded = await new Promise<string[]>((resolve, reject) => {
      const seen: string[] = [];
      let text = '';
      const req = httpRequest(`${base}/`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(res.headers['content-length']).toBeUndefined();
        const gunzip = createGunzip();
        res.pipe(gunzip);
        gunzip.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (seen.length < parts.length && text === parts.slice(0, seen.length + 1).join('')) {
            seen.push(text);
            release();
          }
        });
        gunzip.on('end', () => resolve(seen));
        gunzip.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    expect(decoded).toEqual([parts[0], parts[0]! + parts[1], parts.join('')]);
  });
});

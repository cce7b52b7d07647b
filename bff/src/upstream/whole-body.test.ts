import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cancellation } from '#bff/lib/cancellation';
import { dispatchWhole } from './whole-body';

// A real socket: what undici's dispatch hands the handler (1xx, chunks, a cut) is what is tested.
let server: Server;
let pool: Pool;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/chunks') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":');
      setTimeout(() => res.end('[1,2]}'), 20);
    } else if (req.url === '/half-json') {
      // A 200 whose JSON stops half way, with a length that matches: only the check can tell.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '9' });
      res.write('{"a":');
      setTimeout(() => res.end('[1,2'), 20);
    } else if (req.url === '/cut') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"a":');
      setTimeout(() => res.destroy(), 20);
    } else if (req.url === '/silent') {
      // Never answers: only a cancellation ends it.
    } else if (req.url === '/big') {
      res.writeHead(200);
      res.end(Buffer.alloc(10_000, 0x20));
    } else if (req.url === '/early-hints') {
      res.writeEarlyHints({ link: '</x.css>; rel=preload' });
      res.writeHead(404, { 'content-type': 'application/problem+json' });
      res.end('{"title":"Not Found"}');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await pool.close();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const get = (path: string, maxBytes = 1_000, cancellation?: Cancellation) =>
  dispatchWhole(pool, { method: 'GET', path }, { maxBytes }, cancellation);

describe('dispatchWhole', () => {
  it('resolves at the status and keeps the chunks as they came', async () => {
    const response = await get('/chunks');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    await response.body.done;
    expect(response.body.chunks.length).toBeGreaterThan(1);
    expect(response.body.length).toBe(11);
    expect(await response.body.text()).toBe('{"a":[1,2]}');
  });

  it('checks the JSON chunk by chunk as it comes when asked, the same as a scan afterwards', async () => {
    for (const [path, whole] of [
      ['/chunks', true],
      ['/half-json', false],
    ] as const) {
      const checked = await dispatchWhole(
        pool,
        { method: 'GET', path },
        { maxBytes: 1_000, checkJson: true },
        undefined,
      );
      await checked.body.done;
      expect(checked.body.chunks.length, path).toBeGreaterThan(1);
      expect(checked.body.isCompleteJson(), path).toBe(whole);
      const scanned = await get(path);
      await scanned.body.done;
      expect(scanned.body.isCompleteJson(), path).toBe(whole);
    }
  });

  it('skips a 1xx answer and reads the real one', async () => {
    const response = await get('/early-hints');
    expect(response.statusCode).toBe(404);
    expect(await response.body.text()).toBe('{"title":"Not Found"}');
  });

  it('rejects `done` when the body is cut after its status', async () => {
    const response = await get('/cut');
    expect(response.statusCode).toBe(200);
    await expect(response.body.done).rejects.toThrow();
  });

  it('stops reading beyond the bound and drops what came', async () => {
    const response = await get('/big', 4_096);
    await response.body.done;
    expect(response.body.tooLarge).toBe(true);
    expect(response.body.chunks).toEqual([]);
  });

  it('rejects when cancelled before any answer came, and ends the request', async () => {
    const cancellation = new Cancellation();
    const pending = get('/silent', 1_000, cancellation);
    setTimeout(() => cancellation.cancel(), 20);
    await expect(pending).rejects.toMatchObject({ code: 'UND_ERR_ABORTED' });
  });

  it('settles a dumped body without reading the rest', async () => {
    const response = await get('/chunks');
    await response.body.dump();
    expect(response.body.chunks).toEqual([]);
    // The pool is still usable: the next request answers.
    expect(await (await get('/chunks')).body.text()).toBe('{"a":[1,2]}');
  });
});

describe('Cancellation', () => {
  it('runs each stop once, and a stop registered late at once', () => {
    const cancellation = new Cancellation();
    const stops: string[] = [];
    cancellation.onCancel(() => stops.push('first'));
    cancellation.cancel();
    cancellation.cancel();
    cancellation.onCancel(() => stops.push('late'));
    expect(stops).toEqual(['first', 'late']);
    expect(cancellation.cancelled).toBe(true);
  });
});

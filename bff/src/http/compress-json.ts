import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  type BrotliCompress,
  type Gzip,
} from 'node:zlib';
import { preferredCoding, type StaticCoding } from './accept-encoding';

// API JSON answers (and problem+json) compressed for a browser that accepts it (issue 41 item 3).
// The levels are bench/api-compression-levels.ts's measurement (docs/bench.md, "API answer
// compression"): gzip 5 and brotli 4 are the knee: the levels above save at most 3% more bytes
// for 1.3-2x the CPU (brotli 9 and up, 10-100x). A client that names no coding we have (no Accept-Encoding, the
// bench's proxy run) gets today's path: the header is read once and nothing else is touched.

const GZIP_LEVEL = 5;
const BROTLI_QUALITY = 4;
/** Below this the coding's own framing and the CPU are not worth the bytes (a 1 KB answer). */
export const MIN_COMPRESSED_BYTES = 1024;

const CODINGS: ReadonlySet<StaticCoding> = new Set(['br', 'gzip']);
const JSON_TYPE = /^application\/(?:problem\+)?json\s*(?:;|$)/i;

type Next = (error?: unknown) => void;

/** Middleware (node's own response API: the hot path's response has no Express prototype). */
export function compressJsonAnswers() {
  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    const coding = preferredCoding(req.headers['accept-encoding'], CODINGS);
    if (coding !== undefined && req.method !== 'HEAD') compressWhenJson(res, coding);
    next();
  };
}

type Chunk = string | Buffer | Uint8Array;

/** Whether this answer is one to compress, decided once, when its headers are about to leave. */
function wantsCompression(res: ServerResponse, size: number | undefined): boolean {
  if (res.headersSent || res.getHeader('content-encoding') !== undefined) return false;
  if (res.statusCode === 204 || res.statusCode === 304) return false;
  const type = res.getHeader('content-type');
  if (typeof type !== 'string' || !JSON_TYPE.test(type)) return false;
  return size === undefined || size >= MIN_COMPRESSED_BYTES;
}

function markCompressed(res: ServerResponse, coding: StaticCoding): void {
  res.removeHeader('content-length');
  res.setHeader('Content-Encoding', coding);
  const vary = res.getHeader('vary');
  res.setHeader('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
}

function compressorFor(coding: StaticCoding): Gzip | BrotliCompress {
  return coding === 'gzip'
    ? createGzip({ level: GZIP_LEVEL })
    : createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } });
}

function compressWhole(
  coding: StaticCoding,
  body: Buffer,
  done: (error: Error | null, out: Buffer) => void,
) {
  if (coding === 'gzip') gzip(body, { level: GZIP_LEVEL }, done);
  else
    brotliCompress(
      body,
      {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      },
      done,
    );
}

function toBuffer(chunk: Chunk, encoding?: BufferEncoding): Buffer {
  return typeof chunk === 'string' ? Buffer.from(chunk, encoding ?? 'utf8') : Buffer.from(chunk);
}

/**
 * Wraps this one response: an answer ended in one call (res.json) is compressed whole and sent
 * with its Content-Length; one written in chunks (the statements page, a stream) goes through a
 * compressor flushed after every chunk, so each chunk still reaches the browser as it is written,
 * with the backpressure of the socket passed back to the writer.
 */
function compressWhenJson(res: ServerResponse, coding: StaticCoding): void {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  let decided = false;
  let stream: Gzip | BrotliCompress | undefined;
  const restore = () => Object.assign(res, original);

  const startStream = () => {
    markCompressed(res, coding);
    const compressor = compressorFor(coding);
    stream = compressor;
    compressor.on('data', (out: Buffer) => {
      // A corked response (the statements page: its chunks, then end()) drains only when end()
      // uncorks it: pausing here for 'drain' would wait forever with the page half compressed.
      // Its bytes are the page the handler already holds, so buffering them costs no more.
      const taken = (original.write as (c: Buffer) => boolean).call(res, out);
      if (!taken && res.writableCorked === 0) {
        compressor.pause();
        res.once('drain', () => compressor.resume());
      }
    });
    compressor.on('end', () => (original.end as () => ServerResponse).call(res));
    compressor.on('drain', () => res.emit('drain'));
    res.once('close', () => compressor.destroy());
  };

  res.writeHead = function writeHead(this: ServerResponse, status: number, ...rest: unknown[]) {
    if (!decided) {
      decided = true;
      const headers = rest.find((arg) => typeof arg === 'object' && arg !== null);
      if (headers && !Array.isArray(headers)) {
        for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders))
          if (value !== undefined) res.setHeader(name, value);
        rest = rest.filter((arg) => arg !== headers);
      }
      res.statusCode = status;
      if (wantsCompression(res, undefined)) startStream();
      else restore();
    }
    return (original.writeHead as (...args: unknown[]) => ServerResponse).call(
      res,
      status,
      ...rest,
    );
  } as ServerResponse['writeHead'];

  res.write = function write(this: ServerResponse, chunk: Chunk, ...rest: unknown[]) {
    if (!decided) {
      decided = true;
      if (wantsCompression(res, undefined)) startStream();
      else restore();
    }
    if (!stream)
      return (original.write as (...args: unknown[]) => boolean).call(res, chunk, ...rest);
    const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined;
    const taken = stream.write(toBuffer(chunk, encoding));
    stream.flush();
    return taken;
  } as ServerResponse['write'];

  res.end = function end(this: ServerResponse, ...args: unknown[]) {
    const chunk = typeof args[0] === 'function' ? undefined : (args[0] as Chunk | undefined);
    const encoding = typeof args[1] === 'string' ? (args[1] as BufferEncoding) : undefined;
    if (!decided) {
      decided = true;
      const body = chunk === undefined ? undefined : toBuffer(chunk, encoding);
      if (body === undefined || !wantsCompression(res, body.length)) {
        restore();
        return (original.end as (...a: unknown[]) => ServerResponse).apply(res, args);
      }
      markCompressed(res, coding);
      compressWhole(coding, body, (error, out) => {
        if (error) return void res.destroy(error);
        res.setHeader('Content-Length', out.length);
        (original.end as (c: Buffer) => ServerResponse).call(res, out);
      });
      return res;
    }
    if (!stream) return (original.end as (...a: unknown[]) => ServerResponse).apply(res, args);
    if (chunk !== undefined) stream.end(toBuffer(chunk, encoding));
    else stream.end();
    return res;
  } as ServerResponse['end'];
}

import express, { type RequestHandler } from 'express';
import { HttpProblem } from './http-problem';

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a request body may hold beyond its size. No request of this API comes near either. */
interface JsonShapeLimits {
  /** Nesting of objects and arrays (the Travel Rule body, the deepest, has 4). */
  maxDepth: number;
  /** Object members in the whole body, at every level. */
  maxKeys: number;
}

const DEFAULT_JSON_SHAPE_LIMITS: JsonShapeLimits = { maxDepth: 32, maxKeys: 1_000 };

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const COLON = 0x3a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Checks the raw bytes before JSON.parse, in one pass without recursion: a body nested thousands
 * of levels deep (a few KB) would otherwise reach every recursive walker after the parser (the
 * schema, the request hash, the logger) and end as a 500 or a dropped audit row. Structural
 * characters are ASCII, so scanning UTF-8 bytes is exact; an invalid text is left to the parser.
 */
export function checkJsonShape(body: Buffer, limits: JsonShapeLimits): HttpProblem | undefined {
  let depth = 0;
  let keys = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++depth > limits.maxDepth)
        return new HttpProblem({
          title: 'Bad Request',
          status: 400,
          detail: `The request body is nested too deeply (at most ${limits.maxDepth} levels).`,
        });
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth--;
    else if (byte === COLON && ++keys > limits.maxKeys)
      return new HttpProblem({
        title: 'Content Too Large',
        status: 413,
        detail: `The request body has too many members (at most ${limits.maxKeys}).`,
      });
  }
  return undefined;
}

/**
 * The charset a Content-Type declares (lower case, quotes removed), or undefined when it names
 * none: `application/json; charset="UTF-16"` → `utf-16`.
 */
export function declaredCharset(contentType: string | undefined): string | undefined {
  for (const parameter of (contentType ?? '').split(';').slice(1)) {
    const eq = parameter.indexOf('=');
    if (eq < 0 || parameter.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    return parameter
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
  }
  return undefined;
}

/**
 * The names UTF-8 goes by: the WHATWG Encoding Standard's labels of UTF-8 (what browsers and most
 * HTTP clients accept) and IANA's alias csUTF8. `utf8` is common (Python, Ruby, many proxies).
 */
const UTF8_LABELS = new Set([
  'utf-8',
  'utf8',
  'unicode-1-1-utf-8',
  'unicode11utf8',
  'unicode20utf8',
  'x-unicode20utf8',
  'csutf8',
]);

/**
 * A body in any charset but UTF-8 is refused (415) before it is read. RFC 8259 (8.1): JSON
 * exchanged between systems MUST be UTF-8, and our SPA sends nothing else. body-parser would
 * decode UTF-16 and UTF-32 too, but only after checkJsonShape scanned the raw bytes as UTF-8,
 * where a UTF-16 code unit such as U+5B22 reads as a quote: everything after it looked like a
 * string, so the nesting and member limits were walked around. Refusing is the one rule that
 * holds whatever the charset; decoding first would scan a second copy of every body.
 */
function nonUtf8Charset(contentType: string | undefined): HttpProblem | undefined {
  const charset = declaredCharset(contentType);
  if (charset === undefined || UTF8_LABELS.has(charset)) return undefined;
  return new HttpProblem({
    title: 'Unsupported Media Type',
    status: 415,
    detail: `JSON bodies must be UTF-8 (RFC 8259); charset=${charset.slice(0, 40)} is refused.`,
  });
}

/**
 * JSON bodies (strict: an object or an array), UTF-8 only (415 otherwise), up to `limitBytes`,
 * `limits.maxDepth` levels and `limits.maxKeys` members; larger is a 413 problem, deeper a 400,
 * invalid JSON a 400 (problem-responses maps body-parser's errors). Methods without a body skip
 * the parser: reads are the hot path. The content type itself is checked by the CSRF middleware
 * (415).
 */
export function jsonBody(
  limitBytes: number,
  limits: JsonShapeLimits = DEFAULT_JSON_SHAPE_LIMITS,
): RequestHandler {
  const parse = express.json({
    limit: limitBytes,
    type: 'application/json',
    // Runs on the raw body before parsing; what it throws is the request's error (our problem).
    verify: (_req, _res, buffer) => {
      const problem = checkJsonShape(buffer, limits);
      if (problem) throw problem;
    },
  });
  return (req, res, next) => {
    if (BODYLESS.has(req.method)) return next();
    const type = req.headers['content-type'];
    const refused = nonUtf8Charset(type);
    if (refused) throw refused;
    // body-parser knows UTF-8 only as `utf-*`: another name of it (`utf8`) is said its way.
    const charset = declaredCharset(type);
    if (type !== undefined && charset !== undefined && charset !== 'utf-8')
      req.headers['content-type'] = type.replace(
        /;\s*charset\s*=\s*("?)[^;"]*\1/i,
        '; charset=utf-8',
      );
    return parse(req, res, next);
  };
}

import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import express, { Router, type Request, type Response } from 'express';
import { unsafeTextReason } from '#contract/safe-text';
import { preferredCoding, type StaticCoding } from './accept-encoding';
import { HttpProblem } from './http-problem';

/**
 * Serves the built SPA from the BFF's own origin. Vite's hashed assets never change, so they are
 * cached for a year; index.html names the current hashes, so it is never cached. Client routes
 * (/statements/..., /withdrawals/...) fall back to index.html; a missing file (a path with an
 * extension, anything under /assets/) is a 404, never index.html under a script's name. Source
 * maps are built for our own debugging and not served.
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy beside each compressible file
 * (scripts/vite-precompress.ts); the copy the browser accepts is sent with Content-Encoding,
 * chosen by Accept-Encoding (accept-encoding.ts), with `Vary: Accept-Encoding`. Compressed once
 * at build, at the highest settings, nothing is compressed per request. The copies are never
 * served under their own names.
 */
/** Paths that name a static file (client routes may contain dots, e.g. a ref_id, so not any dot). */
const STATIC_FILE =
  /\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|json|txt|webmanifest|html)$/i;
/** What the build compresses: a response of these types varies with Accept-Encoding. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/i;
const SUFFIX: Record<StaticCoding, string> = { br: '.br', gzip: '.gz' };
const CODING_OF_SUFFIX: Record<string, StaticCoding> = { '.br': 'br', '.gz': 'gzip' };
/**
 * Security headers that only a document (or a worker, which the SPA does not use) acts on. The
 * front chain sets them on every answer; on the hashed scripts and styles they are about 450 bytes
 * of nothing, sent some thirty times on a first load (bench/first-load.ts counts headers). Kept
 * there: nosniff, Cross-Origin-Resource-Policy, Referrer-Policy (a stylesheet's own fetches use
 * it), HSTS, the request id.
 */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];

export function spaStatic(webDir: string): Router {
  const root = resolve(webDir);
  const indexFile = join(root, 'index.html');
  const shellFor = pageShells(root);
  const router = Router();
  router.use((req, _res, next) => {
    refuseUnsafePath(req.path);
    if (/\.(map|br|gz)$/i.test(req.path)) throw notFound(req.path);
    next();
  });
  const files = express.static(root, {
    index: false,
    // Revalidation is by ETag (index.html; the hashed files never change), and nobody asks a
    // script for a byte range: about 65 bytes less on each of a first load's thirty answers.
    lastModified: false,
    acceptRanges: false,
    setHeaders(res, path) {
      const coding = CODING_OF_SUFFIX[extname(path)];
      const served = coding ? path.slice(0, -SUFFIX[coding].length) : path;
      if (served.startsWith(join(root, 'assets') + sep)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
      } else res.setHeader('Cache-Control', 'no-cache');
      if (coding) describeCoding(res, served, coding);
      else if (COMPRESSIBLE.test(path)) res.vary('Accept-Encoding');
    },
  });
  router.use((req, res, next) => {
    const original = req.url;
    const coding = req.method === 'GET' || req.method === 'HEAD' ? codingFor(req, root) : undefined;
    if (coding) req.url = withSuffix(original, SUFFIX[coding]);
    files(req, res, (error?: unknown) => {
      req.url = original;
      next(error);
    });
  });
  router.get(/^(?!\/api(\/|$)).*/, (req, res, next) => {
    if (req.path.startsWith('/assets/') || STATIC_FILE.test(req.path)) throw notFound(req.path);
    if (!existsSync(indexFile)) {
      throw new HttpProblem({
        title: 'Service Unavailable',
        status: 503,
        detail: 'The web app is not built yet: run `npm run build` (npm start does this).',
      });
    }
    res.setHeader('Cache-Control', 'no-cache');
    const page = shellFor(req.path) ?? indexFile;
    const coding = preferredCoding(req.headers['accept-encoding'], codingsBeside(page));
    res.vary('Accept-Encoding');
    if (coding) describeCoding(res, page, coding);
    const file = coding ? page + SUFFIX[coding] : page;
    res.sendFile(file, { lastModified: false, acceptRanges: false }, (error) => {
      if (!error) return;
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next(error);
    });
  });
  return router;
}

/**
 * The page's own copy of index.html, for a page whose header says the same to everyone: the build
 * writes it with that header in the shell (scripts/vite-page-shells.ts, `shells/index.json` maps
 * path to copy), so a phone paints the page's name and purpose with the document, not after the
 * app's JavaScript. Read once, when the build is first there; any other path gets index.html.
 */
function pageShells(root: string): (path: string) => string | undefined {
  let shells: Map<string, string> | undefined;
  return (path) => {
    if (!shells) {
      const index = join(root, 'shells', 'index.json');
      if (!existsSync(index)) return undefined;
      const paths = JSON.parse(readFileSync(index, 'utf8')) as Record<string, string>;
      shells = new Map(Object.entries(paths).map(([page, file]) => [page, join(root, file)]));
    }
    return shells.get(path.length > 1 ? path.replace(/\/$/, '') : path);
  };
}

/**
 * A path that decodes to text no file name can hold (NUL: `/index.html%00.js`) is a 400, before
 * any file is looked at: the file system refuses such a name with an exception, which would be a
 * 500 and an error line anyone could write at will. The one safe-text rule (contract/safe-text.ts)
 * that every request body, query and route parameter passes. A path that does not decode at all
 * is left to the handlers below (a 400 from the file server, index.html for a client route).
 */
function refuseUnsafePath(path: string): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return;
  }
  const reason = unsafeTextReason(decoded);
  if (reason)
    throw new HttpProblem({
      title: 'Bad Request',
      status: 400,
      detail: `The path is not valid: ${reason}.`,
    });
}

/** The coding to serve a static file in, when the build wrote a copy the request accepts. */
function codingFor(req: Request, root: string): StaticCoding | undefined {
  if (!COMPRESSIBLE.test(req.path) || req.path.includes('..')) return undefined;
  let file: string;
  try {
    file = join(root, decodeURIComponent(req.path));
  } catch {
    return undefined;
  }
  if (!file.startsWith(root + sep)) return undefined;
  return preferredCoding(req.headers['accept-encoding'], codingsBeside(file));
}

/** Which compressed copies the build left beside a file. */
function codingsBeside(file: string): Set<StaticCoding> {
  const found = new Set<StaticCoding>();
  for (const coding of ['br', 'gzip'] as const)
    if (statSync(file + SUFFIX[coding], { throwIfNoEntry: false })?.isFile()) found.add(coding);
  return found;
}

/** A compressed copy goes out as the original: its type, its coding, and a cache key by coding. */
function describeCoding(res: Response, original: string, coding: StaticCoding): void {
  res.type(extname(original));
  res.setHeader('Content-Encoding', coding);
  res.vary('Accept-Encoding');
}

function withSuffix(url: string, suffix: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url + suffix : url.slice(0, query) + suffix + url.slice(query);
}

function notFound(path: string): HttpProblem {
  return new HttpProblem({
    title: 'Not Found',
    status: 404,
    detail: `There is no file at ${path}.`,
  });
}

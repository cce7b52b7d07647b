import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { Router } from 'express';
import { HttpProblem } from './http-problem';

/**
 * Serves the built SPA from the BFF's own origin. Vite's hashed assets never change, so they are
 * cached for a year; index.html names the current hashes, so it is never cached. Client routes
 * (/statements/..., /withdrawals/...) fall back to index.html; a missing file (a path with an
 * extension, anything under /assets/) is a 404, never index.html under a script's name. Source
 * maps are built for our own debugging and not served.
 */
/** Paths that name a static file (client routes may contain dots, e.g. a ref_id, so not any dot). */
const STATIC_FILE =
  /\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|json|txt|webmanifest|html)$/i;

export function spaStatic(webDir: string): Router {
  const root = resolve(webDir);
  const indexFile = join(root, 'index.html');
  const router = Router();
  router.use((req, _res, next) => {
    if (req.path.endsWith('.map')) throw notFound(req.path);
    next();
  });
  router.use(
    express.static(root, {
      index: false,
      setHeaders(res, path) {
        if (path.startsWith(join(root, 'assets')))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
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
    res.sendFile(indexFile, (error) => error && next(error));
  });
  return router;
}

function notFound(path: string): HttpProblem {
  return new HttpProblem({
    title: 'Not Found',
    status: 404,
    detail: `There is no file at ${path}.`,
  });
}

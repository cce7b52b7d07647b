import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { Router } from 'express';

/**
 * Serves the built SPA from the BFF's own origin. Vite's hashed assets never change, so they are
 * cached for a year; index.html names the current hashes, so it is never cached. Client routes
 * (/statements/..., /withdrawals/...) fall back to index.html.
 */
export function spaStatic(webDir: string): Router {
  const root = resolve(webDir);
  const indexFile = join(root, 'index.html');
  const router = Router();
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
  router.get(/^(?!\/api(\/|$)).*/, (_req, res, next) => {
    if (!existsSync(indexFile)) {
      res
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does this).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile, (error) => error && next(error));
  });
  return router;
}

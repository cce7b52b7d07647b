import type { RequestHandler } from 'express';
import { middlewareChain } from './middleware-chain';

/** A GET route of the hot read path, answered without walking Express's router. */
export interface HotRoute {
  /** The exact path, mount included (e.g. `/api/statements`); no parameters. */
  path: string;
  /** What the request metrics name it by: the route's own template, as its router registers it. */
  label: string;
  /**
   * Everything the request goes through on the ordinary path after the app-level middlewares, in
   * the same order, as the same handler instances (the /api chain, the role check, the handler):
   * never copies, so the two paths cannot drift apart.
   */
  handlers: RequestHandler[];
}

/**
 * Express's router costs per layer it walks (path matching, parameter processing, URL rewriting
 * for mounts, a promise check per handler): a GET /api/statements walked about fifteen of them
 * before reaching its handler. This layer answers the few hot read routes directly: an exact
 * match on method and path (the query aside) runs the route's handlers in turn; anything else
 * (another method, a trailing slash, other letter case, an absolute-form URL) goes on to the
 * router, which answers it as before. Errors go on to the app's error handler like any error.
 */
export function hotRoutes(routes: HotRoute[]): RequestHandler {
  const byPath = new Map(
    routes.map((route) => [
      route.path,
      // The same semantics as a router: a throw, next(error) or a rejected promise ends the route
      // with that error; the end of the list goes on.
      { label: route.label, run: middlewareChain(...route.handlers) },
    ]),
  );
  return (req, res, next) => {
    if (req.method !== 'GET') return next();
    const url = req.url;
    const question = url.indexOf('?');
    const route = byPath.get(question === -1 ? url : url.slice(0, question));
    if (route === undefined) return next();
    // Named before the checks run, so a refusal of this route (CSRF, identity, role, query) is
    // counted under it too, where the router's path counted it as 'unmatched'; still one label.
    (res.locals as { routeLabel?: string }).routeLabel = route.label;
    return route.run(req, res, next);
  };
}

import type {
  ErrorRequestHandler,
  Express,
  NextFunction,
  Request,
  RequestHandler,
  Response,
} from 'express';
import { middlewareChain } from './middleware-chain';
import { apiNotFound } from './problem-responses';

/** A GET route of the hot read path, answered without Express's dispatch and router. */
interface HotRoute {
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

interface HotRoutesOptions {
  /** The app-level middlewares every request runs first: the same instances `app.use` holds. */
  front: RequestHandler[];
  routes: HotRoute[];
  /** The app's error handler: the same instance `app.use` holds. */
  errorHandler: ErrorRequestHandler;
}

type Handle = (req: Request, res: Response, callback?: NextFunction) => void;

/**
 * Answers the few hot read routes before Express's dispatch. Express 5 pays per request for its
 * set-up (a final handler, the router's state and closures) and per router layer it walks (path
 * matching, parameter processing, a promise check per handler); under the bench's read load that
 * was about a tenth of what a request allocates (docs/bench.md). An exact match on method and
 * path (the query aside) gets the set-up Express would give it and runs the app-level
 * middlewares and the route's handlers in turn, as one chain; anything else (another method, a
 * trailing slash, other letter case, an absolute-form URL, a mounted use) goes to Express as
 * before. A throw, next(error) or a rejected promise ends the chain with that error, which goes
 * to the app's error handler like any error; a chain that ends unanswered is a 404 problem, as
 * the /api router would give it.
 */
export function serveHotRoutesFirst(app: Express, options: HotRoutesOptions): void {
  const byPath = new Map(
    options.routes.map((route) => [
      route.path,
      { label: route.label, run: middlewareChain(...options.front, ...route.handlers) },
    ]),
  );
  const { errorHandler } = options;
  const notFound = middlewareChain(apiNotFound);
  // Only an error or an unanswered chain needs Express's API (the error handler answers with it).
  const asExpress = (req: Request, res: Response) => {
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
  };
  const fail = (req: Request, res: Response, error: unknown) => {
    try {
      asExpress(req, res);
      errorHandler(error, req, res, () => res.destroy());
    } catch {
      // The error handler itself failed: cut the answer rather than leave it hanging.
      res.destroy();
    }
  };
  const expressHandle = (app as unknown as { handle: Handle }).handle;
  const handle: Handle = function (this: unknown, req, res, callback) {
    const route = callback === undefined ? hotRouteOf(byPath, req) : undefined;
    if (route === undefined) return expressHandle.call(this, req, res, callback);
    // What app.handle and the router set up for a request (express/lib/application.js,
    // router/index.js), but for the prototypes: Express gives every request and response its own
    // with Object.setPrototypeOf, which V8 makes costly (a map per object, and under load what the
    // request allocates outlives young-generation collections: docs/bench.md). The hot chain uses
    // Node's API and these fields only; an error gets Express's prototypes before the error
    // handler, which answers with Express's API.
    req.res = res;
    res.req = req;
    res.locals ??= Object.create(null) as Record<string, unknown>;
    req.originalUrl = req.url;
    req.baseUrl = '';
    req.params = {};
    // Named before the checks run, so a refusal of this route (CSRF, identity, role, query) is
    // counted under it too; still one label.
    (res.locals as { routeLabel?: string }).routeLabel = route.label;
    // One closure a request: what follows the chain, whichever way it ends.
    route.run(req, res, (error?: unknown) => {
      if (error !== undefined) return fail(req, res, error);
      asExpress(req, res);
      notFound(req, res, (notFoundError?: unknown) => fail(req, res, notFoundError));
    });
  };
  (app as unknown as { handle: Handle }).handle = handle;
}

function hotRouteOf<T>(byPath: Map<string, T>, req: Request): T | undefined {
  if (req.method !== 'GET') return undefined;
  const url = req.url;
  const question = url.indexOf('?');
  return byPath.get(question === -1 ? url : url.slice(0, question));
}

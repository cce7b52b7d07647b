import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Several middlewares as one router layer: each runs in turn, as `router.use` would run them, but
 * without the router's per-layer path matching and bookkeeping (the /api stack runs on every
 * request of the hot read path). A handler that throws, calls next(error) or returns a rejected
 * promise ends the chain with that error, exactly as Express 5 would; next('route') and
 * next('router') are not supported (none of ours uses them).
 */
export function middlewareChain(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null) return done(error);
      const handler = handlers[index++];
      if (handler === undefined) return done();
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch(done);
      } catch (thrown) {
        done(thrown);
      }
    };
    step();
  };
}

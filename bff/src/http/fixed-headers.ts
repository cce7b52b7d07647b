import type { Request, RequestHandler, Response } from 'express';

type Operation = ['set', string, string | number | readonly string[]] | ['remove', string];

/**
 * A middleware that always sets the same headers (helmet: a dozen small middlewares per request,
 * each setting one constant header), run once against a recording response; the result replays
 * what it did in one step. Refuses, at start-up, a middleware that reads the request or does not
 * finish at once (its headers would not be constant).
 */
export function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const operations: Operation[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      operations.push(['set', name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      operations.push(['remove', name]);
    },
  };
  const noRequest = new Proxy({} as Request, {
    get(_target, property) {
      throw new Error(`fixedHeaders: the middleware reads req.${String(property)}`);
    },
  });
  let finished = false;
  void middleware(noRequest, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('fixedHeaders: the middleware did not call next() at once');
  return (_req, res, next) => {
    for (const operation of operations) {
      if (operation[0] === 'set') res.setHeader(operation[1], operation[2]);
      else res.removeHeader(operation[1]);
    }
    next();
  };
}

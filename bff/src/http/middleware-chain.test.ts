import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { middlewareChain } from './middleware-chain';

const req = {} as Request;
const res = {} as Response;

/** Runs the chain and resolves with what it passed on (undefined: went on to the next layer). */
function run(chain: RequestHandler): Promise<unknown> {
  return new Promise((resolve) =>
    chain(req, res, ((error?: unknown) => resolve(error)) as NextFunction),
  );
}

describe('middlewareChain', () => {
  it('runs every handler in order, then goes on', async () => {
    const seen: number[] = [];
    const mark =
      (n: number): RequestHandler =>
      (_req, _res, next) => {
        seen.push(n);
        next();
      };
    await expect(run(middlewareChain(mark(1), mark(2), mark(3)))).resolves.toBeUndefined();
    expect(seen).toEqual([1, 2, 3]);
  });

  it('stops at a thrown error, next(error) or a rejected promise, and passes the error on', async () => {
    const after: RequestHandler = () => {
      throw new Error('must not run');
    };
    const boom = new Error('boom');
    const throwing: RequestHandler = () => {
      throw boom;
    };
    const passing: RequestHandler = (_req, _res, next) => next(boom);
    const rejecting: RequestHandler = async () => {
      throw boom;
    };
    for (const handler of [throwing, passing, rejecting])
      await expect(run(middlewareChain(handler, after))).resolves.toBe(boom);
  });

  it('waits for a handler that calls next later', async () => {
    const seen: string[] = [];
    const later: RequestHandler = (_req, _res, next) => {
      setImmediate(() => {
        seen.push('later');
        next();
      });
    };
    const last: RequestHandler = (_req, _res, next) => {
      seen.push('last');
      next();
    };
    await run(middlewareChain(later, last));
    expect(seen).toEqual(['later', 'last']);
  });

  it('does not answer for a handler that ends the response itself', async () => {
    let nextCalled = false;
    const answers: RequestHandler = () => {};
    middlewareChain(answers)(req, res, () => {
      nextCalled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(nextCalled).toBe(false);
  });
});

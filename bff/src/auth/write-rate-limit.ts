import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { personKey } from '#contract/identity';
import { getOperator } from './operator';
import { HttpProblem } from '../http/http-problem';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes (every non-GET under /api) are limited per operator, not per address: operators share
 * the SSO proxy's address. One budget for all write routes; reads are not limited here. The
 * refusal is a 429 problem with Retry-After, like every other error. Counted in `store` when given
 * (the shared database: every instance counts the same hits), else in this process's memory.
 */
export function writeRateLimit(options: { perMinute: number; store?: Store }): RequestHandler {
  const limiter = rateLimit({
    ...(options.store ? { store: options.store } : {}),
    windowMs: 60_000,
    limit: options.perMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // One budget per person, however their login spells them (contract/identity.ts).
    keyGenerator: (_req, res) => `operator:${personKey(getOperator(res))}`,
    handler: (_req, res, next) => {
      const resetTime = (_req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = resetTime
        ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000))
        : 60;
      res.setHeader('Retry-After', String(seconds));
      next(
        new HttpProblem(
          {
            title: 'Too Many Requests',
            status: 429,
            detail: `Too many changes in a minute (at most ${options.perMinute}). Try again in ${seconds} s.`,
          },
          { 'retry-after': String(seconds) },
        ),
      );
    },
  });
  // Reads skip the limiter entirely (not even its async hop): they are the hot path.
  return (req, res, next) => (SAFE_METHODS.has(req.method) ? next() : limiter(req, res, next));
}

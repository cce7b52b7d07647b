import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { normalizeAddress } from './peer-address';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** What every log line written while serving a request carries (see the logger's mixin). */
interface RequestContext {
  req_id: string;
  /** A caller's X-Request-Id we did not take as ours (the caller is not a trusted proxy). */
  caller_request_id?: string;
}

const context = new AsyncLocalStorage<RequestContext>();

/** The request being served here, if any: read once per log line, so it stays a plain lookup. */
export function currentRequestContext(): RequestContext | undefined {
  return context.getStore();
}

interface WithContext {
  id?: string;
}

/**
 * Our id for this request (set by `requestIdentification`). A request that never went through it
 * (e.g. a test app without it) gets one made on the spot, so callers never handle "no id".
 */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const existing = (req as WithContext).id;
  if (typeof existing === 'string') return existing;
  const id = randomUUID();
  (req as WithContext).id = id;
  if (!res.headersSent) res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * The first middleware: gives the request our id and runs the rest of it inside a context that
 * the logger reads. A caller's X-Request-Id becomes ours only from a trusted proxy (it is stored
 * in the audit trail and sent upstream); from anyone else it is kept beside ours as
 * `caller_request_id`, so a client cannot pick the id our records are filed under.
 */
export function requestIdentification(options: { trustedProxies: string[] }): RequestHandler {
  const trusted = new Set(options.trustedProxies.map(normalizeAddress));
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const safe = typeof given === 'string' && SAFE_ID.test(given) ? given : undefined;
    const fromProxy =
      safe !== undefined &&
      trusted.size > 0 &&
      trusted.has(normalizeAddress(req.socket.remoteAddress));
    const id = fromProxy ? safe : randomUUID();
    const store: RequestContext =
      safe !== undefined && !fromProxy ? { req_id: id, caller_request_id: safe } : { req_id: id };
    (req as WithContext).id = id;
    res.setHeader('X-Request-Id', id);
    context.run(store, next);
  };
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** X-Request-Id: taken from the caller (the SSO proxy sets one) when it is log-safe, else made. */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const existing = (req as { id?: unknown }).id;
  if (typeof existing === 'string') return existing;
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
  (req as { id?: string }).id = id;
  res.setHeader('X-Request-Id', id);
  return id;
}

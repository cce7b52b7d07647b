import express, { type RequestHandler } from 'express';

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * JSON bodies (strict: an object or an array) up to `limitBytes`; larger is a 413 problem, invalid
 * JSON a 400 (problem-responses maps body-parser's errors). Methods without a body skip the
 * parser: reads are the hot path. The content type itself is checked by the CSRF middleware (415).
 */
export function jsonBody(limitBytes: number): RequestHandler {
  const parse = express.json({ limit: limitBytes, type: 'application/json' });
  return (req, res, next) => (BODYLESS.has(req.method) ? next() : parse(req, res, next));
}

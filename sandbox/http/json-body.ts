import express, { type NextFunction, type Request, type Response } from 'express';
import { sendBadRequest, sendProblem } from './problem-response';

const parseJson = express.json({ limit: '64kb', strict: true });

/** Bodies are application/json (docs/upstream-contract.md); anything else is refused before parsing. */
export function jsonBody(req: Request, res: Response, next: NextFunction): void {
  if (!req.is('application/json')) {
    sendProblem(res, {
      status: 415,
      title: 'Unsupported Media Type',
      detail: 'Send the request body as application/json',
    });
    return;
  }
  parseJson(req, res, next);
}

/** Body-parser failures and anything unexpected, as problems (never an HTML page). */
export function errorHandler(
  err: unknown,
  _req: Request,
  res: Response,
  _next: NextFunction,
): void {
  const type = (err as { type?: string } | undefined)?.type;
  if (res.headersSent) return;
  if (type === 'entity.parse.failed') {
    sendBadRequest(res, 'The request body is not valid JSON');
  } else if (type === 'entity.too.large') {
    sendProblem(res, {
      status: 413,
      title: 'Content Too Large',
      detail: 'The request body is too large',
    });
  } else {
    console.error('sandbox: unexpected error', err);
    sendProblem(res, {
      status: 500,
      title: 'Internal Server Error',
      detail: 'The sandbox failed unexpectedly',
    });
  }
}

import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { PROBLEM_CONTENT_TYPE, type Problem } from '#contract/problem';
import type { Logger } from '../logger';
import { HttpProblem } from './http-problem';
import { requestIdOf } from './request-id';

function sendProblem(res: Response, problem: Problem, headers: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.status(problem.status);
  res.setHeader('Content-Type', PROBLEM_CONTENT_TYPE);
  res.end(JSON.stringify({ ...problem, request_id: requestIdOf(res.req, res) }));
}

/** Anything under /api that no route answered: there is no generic pass-through. */
export const apiNotFound: RequestHandler = (req) => {
  throw new HttpProblem({
    title: 'Not Found',
    status: 404,
    detail: `There is no ${req.method} ${req.path} in this API.`,
  });
};

/** body-parser's errors carry `type`; each becomes the problem the client can act on. */
function fromBodyParser(error: { type?: string; status?: number }): HttpProblem | undefined {
  switch (error.type) {
    case 'entity.too.large':
      return new HttpProblem({
        title: 'Content Too Large',
        status: 413,
        detail: 'The request body is too large.',
      });
    case 'entity.parse.failed':
      return new HttpProblem({
        title: 'Bad Request',
        status: 400,
        detail: 'The request body is not valid JSON.',
      });
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpProblem({
        title: 'Unsupported Media Type',
        status: 415,
        detail: 'Send UTF-8 JSON.',
      });
    case 'request.aborted':
      return new HttpProblem({
        title: 'Bad Request',
        status: 400,
        detail: 'The request was aborted.',
      });
    default:
      return undefined;
  }
}

/** A 4xx status carried by an error from Express or its router (never a 5xx: those are ours). */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const code = typeof status === 'number' ? status : statusCode;
  return typeof code === 'number' && code >= 400 && code < 500 ? code : undefined;
}

/**
 * The problem a failure of a layer above http/ stands for (an upstream failure left uncaught:
 * upstream/upstream-json.ts), or undefined when the error is not one it knows. Passed in, so
 * http/ imports neither upstream/ nor auth/ (docs/architecture.md, "Which way BFF folders point").
 */
type ProblemOfError = (error: unknown) => HttpProblem | undefined;

/** The one error handler: every failure leaves as problem+json, never a stack trace. */
export function problemErrorHandler(
  logger: Logger,
  problemOfError: ProblemOfError,
): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    let problem: HttpProblem;
    const known = error instanceof HttpProblem ? error : problemOfError(error);
    if (known) problem = known;
    else {
      const parserProblem =
        typeof error === 'object' && error !== null
          ? fromBodyParser(error as { type?: string })
          : undefined;
      const clientStatus = clientErrorStatus(error);
      if (parserProblem) problem = parserProblem;
      else if (clientStatus !== undefined) {
        // E.g. a malformed percent-encoding in the path (the router's URIError carries 400).
        problem = new HttpProblem({
          title: 'Bad Request',
          status: clientStatus,
          detail: 'The request could not be read.',
        });
      } else {
        logger.error(
          { err: error, req_id: requestIdOf(req, res), path: req.path },
          'unhandled error',
        );
        problem = new HttpProblem({
          title: 'Internal Server Error',
          status: 500,
          detail: 'Something went wrong on the server. Try again.',
        });
      }
    }
    if (res.headersSent) {
      // A streamed answer cannot turn into a problem any more: cut it so the client sees the failure.
      res.destroy();
      return;
    }
    sendProblem(res, problem.problem, problem.headers);
  };
}

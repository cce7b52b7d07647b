import type { RequestHandler } from 'express';
import { currentRequestContext, requestIdOf } from '../http/request-id';
import { withoutRedaction, type Logger } from '../logger';
import type { Metrics } from '../lib/metrics';

/** Requests by route template (never the raw URL: ids would explode the label set), status, latency. */
export function requestMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = req.route?.path
        ? String(req.route.path)
        : ((res.locals as { routeLabel?: string }).routeLabel ?? 'unmatched');
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpRequests.observe(
        { method: req.method, route, status: String(res.statusCode) },
        seconds,
      );
    });
    next();
  };
}

/**
 * One log line per request with its id, written when the response is done (or the client went
 * away). Headers are deliberately not logged: they carry credentials and identity assertions
 * (Authorization, cookies, SSO JWTs). Hand-rolled rather than pino-http: one line, one listener
 * and no child logger per request (pino-http's cost is measurable on the proxied read path).
 */
export function requestLogging(logger: Logger): RequestHandler {
  // The line below is built here field by field and carries no header, body or token.
  const lines = withoutRedaction(logger);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const id = requestIdOf(req, res);
    const callerId = currentRequestContext()?.caller_request_id;
    res.once('close', () => {
      const finished = res.writableFinished;
      const status = res.statusCode;
      const operator = (res.locals as { operator?: { subject: string } }).operator?.subject;
      // 'close' fires outside the request's async context: name the id here.
      const line = {
        req_id: id,
        ...(callerId === undefined ? {} : { caller_request_id: callerId }),
        req: { id, method: req.method, url: req.originalUrl },
        res: { statusCode: status },
        responseTime: Number(process.hrtime.bigint() - started) / 1e6,
        ...(operator ? { operator } : {}),
      };
      if (!finished) lines.warn(line, 'request aborted');
      else if (status >= 500) lines.error(line, 'request errored');
      else if (status >= 400) lines.warn(line, 'request completed');
      else lines.info(line, 'request completed');
    });
    next();
  };
}

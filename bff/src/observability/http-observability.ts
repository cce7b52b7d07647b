import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { requestIdOf } from '../http/request-id';
import type { Logger } from '../logger';
import type { Metrics } from './metrics';

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
 * One log line per request with its id. Headers are deliberately not logged: they carry
 * credentials and identity assertions (Authorization, cookies, SSO JWTs).
 */
export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => requestIdOf(req, res),
    customProps: (_req, res) => {
      const operator = (res as unknown as { locals?: { operator?: { subject: string } } }).locals
        ?.operator;
      return operator ? { operator: operator.subject } : {};
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
  }) as unknown as RequestHandler;
}

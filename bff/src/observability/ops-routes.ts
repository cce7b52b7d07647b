import express, { type Express, type RequestHandler } from 'express';
import { HttpProblem } from '../http/http-problem';
import { problemErrorHandler } from '../http/problem-responses';
import type { Logger } from '../logger';
import type { Store } from '../store/store-port';
import type { TokenProvider } from '../upstream/token-provider';
import { problemOfUncaughtFailure } from '../upstream/upstream-json';
import type { Metrics } from '../lib/metrics';
import { checkReadiness } from './readiness';

/** GET /readyz: 200 when this instance can serve, else a 503 problem; both say what was checked. */
export function readyzHandler(deps: { store: Store; tokens: TokenProvider }): RequestHandler {
  return async (_req, res) => {
    const { ready, checks } = await checkReadiness(deps);
    if (!ready) {
      throw new HttpProblem({
        title: 'Service Unavailable',
        status: 503,
        detail:
          checks.database === 'failing'
            ? 'The database does not answer.'
            : 'The upstream token endpoint rejects our credentials.',
        checks,
      });
    }
    res.json({ status: 'ready', checks });
  };
}

/** GET /metrics in Prometheus' text format. */
export function metricsHandler(metrics: Metrics): RequestHandler {
  return async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };
}

/**
 * The app of the metrics listener (METRICS_PORT, on METRICS_HOST, loopback by default): metrics,
 * readiness and health for the scraper and the orchestrator, nothing of the API. server.ts
 * listens with it; tests use it in-process.
 */
export function createMetricsApp(deps: {
  logger: Logger;
  metrics: Metrics;
  store: Store;
  tokens: TokenProvider;
}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsHandler(deps.metrics));
  app.get('/readyz', readyzHandler(deps));
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use((req) => {
    throw new HttpProblem({
      title: 'Not Found',
      status: 404,
      detail: `The metrics listener has no ${req.method} ${req.path}.`,
    });
  });
  app.use(problemErrorHandler(deps.logger, problemOfUncaughtFailure));
  return app;
}

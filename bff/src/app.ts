import express, { type Express, type RequestHandler } from 'express';
import type { Environment } from '#contract/session';
import { mountFeatureRouters } from './api-routes';
import { csrfProtection } from './auth/csrf';
import { createIdentityMiddleware } from './auth/identity';
import { createOidcMode } from './auth/oidc/oidc-mode';
import type { Config } from './config';
import { statementsRoutes } from './features/statements/statements-router';
import { HttpProblem } from './http/http-problem';
import { apiNotFound, problemErrorHandler } from './http/problem-responses';
import { requestIdentification } from './http/request-id';
import { urlLengthLimit } from './http/oversized-request';
import { devModeGuard } from './auth/dev-mode-guard';
import { requireRole } from './auth/require-role';
import { metricsHandler, readyzHandler } from './observability/ops-routes';
import { jsonBody } from './http/json-body';
import { compressJsonAnswers } from './http/compress-json';
import { middlewareChain } from './http/middleware-chain';
import { serveHotRoutesFirst } from './http/hot-routes';
import { securityHeaders } from './http/security-headers';
import { spaStatic } from './http/spa-static';
import { writeRateLimit } from './auth/write-rate-limit';
import type { Logger } from './logger';
import { requestLogging, requestMetrics } from './observability/http-observability';
import type { Metrics } from './lib/metrics';
import type { TokenProvider } from './upstream/token-provider';
import type { CompanionFeatureGate } from './upstream/companion-features';
import type { UpstreamClient } from './upstream/upstream-client';
import { problemOfUncaughtFailure } from './upstream/upstream-json';
import type { Store } from './store/store-port';
import type { ConsoleNotifier } from './notifications/outbox-notifier';
import type { BackgroundTasks } from './lib/background-tasks';

/** Everything the app needs, built by the caller (server.ts, tests, the benchmark). */
export interface AppDeps {
  config: Config;
  environment: Environment;
  logger: Logger;
  metrics: Metrics;
  tokens: TokenProvider;
  upstream: UpstreamClient;
  store: Store;
  /** Which optional companion features the upstream client is granted (default: asked of `tokens`). */
  companion?: CompanionFeatureGate;
  /** Four eyes' notifications (default: APPROVAL_WEBHOOK_URL's, when set). */
  approvalNotifier?: ConsoleNotifier;
  /**
   * Where the app's own background jobs run (the runtime's: the outbox of approved sends needs
   * the app's one submitter). Absent, nothing runs by itself.
   */
  background?: BackgroundTasks;
  /** The time AUTH_MODE=oidc's sessions and ID tokens are judged by (default: the real clock). */
  clock?: () => Date;
}

/** Builds the Express app. It never listens: server.ts does, tests use it in-process. */
export function createApp(deps: AppDeps): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  // Behind a proxy the peer is the proxy; identity decisions use the socket address, not X-Forwarded-For.
  app.set('trust proxy', false);

  const oidc =
    config.auth.mode === 'oidc'
      ? createOidcMode({
          auth: config.auth,
          roleGroups: config.roleGroups,
          sessions: deps.store.sessions,
          logger,
          clock: deps.clock ?? (() => new Date()),
          background: deps.background,
        })
      : undefined;
  const identity =
    config.auth.mode === 'oidc'
      ? oidc!.identity
      : createIdentityMiddleware(config.auth, config.roleGroups, logger);
  const front = frontChain(deps);
  const apiChain = createApiChain(deps, identity);
  const statements = statementsRoutes({ ...deps, exportMaxPages: config.exportMaxPages });
  app.use(middlewareChain(...front));
  mountOpsRoutes(app, deps, identity);
  // AUTH_MODE=oidc: sign-in, sign-out and the provider's back-channel, outside /api.
  for (const routes of oidc?.routes ?? []) app.use(routes);

  const api = express.Router();
  api.use(apiChain);
  mountFeatureRouters(api, deps, statements);
  api.use(apiNotFound);
  app.use('/api', api);

  app.use(spaStatic(config.webDir));
  const errorHandler = problemErrorHandler(logger, problemOfUncaughtFailure);
  app.use(errorHandler);
  // The hot read (the statements page, proxied) runs the same front and /api chain and route
  // handlers before Express's dispatch and router; anything it does not match exactly goes
  // through Express and the routes above.
  serveHotRoutesFirst(app, {
    front,
    routes: [
      { path: '/api/statements', label: '/statements', handlers: [apiChain, ...statements.list] },
    ],
    errorHandler,
  });
  return app;
}

/**
 * What every request goes through first, as one router layer (middleware-chain.ts): our request
 * id and the context every log line of this request reads it from; in dev mode the
 * loopback-only guard; the URL length limit; the security headers; the request metrics.
 */
function frontChain({ config, metrics }: AppDeps): RequestHandler[] {
  return [
    requestIdentification({ trustedProxies: config.trustedProxyAddresses }),
    ...(config.auth.mode === 'dev' ? [devModeGuard()] : []),
    urlLengthLimit(),
    securityHeaders(),
    requestMetrics(metrics),
  ];
}

/** What every /api request goes through, as one router layer: the read path pays for each. */
function createApiChain({ config, logger, store }: AppDeps, identity: RequestHandler) {
  return middlewareChain(
    // First, so every /api answer (problem+json included) is one it may compress.
    compressJsonAnswers(),
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
    requestLogging(logger),
    csrfProtection({ ...(config.publicOrigin ? { publicOrigin: config.publicOrigin } : {}) }),
    identity,
    writeRateLimit({
      perMinute: config.writeRateLimitPerMinute,
      ...(store.writeLimits ? { store: store.writeLimits() } : {}),
    }),
    jsonBody(config.jsonBodyLimitBytes),
  );
}

/** Liveness, readiness and (without METRICS_PORT) the metrics, for an operator of the API. */
function mountOpsRoutes(app: Express, deps: AppDeps, identity: RequestHandler): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', readyzHandler(deps));
  // With METRICS_PORT the metrics have their own (loopback by default) listener, wired by
  // server.ts; without it they are served here, but only to an operator of the API.
  if (deps.config.metrics === undefined)
    app.get('/metrics', identity, requireRole('viewer'), metricsHandler(deps.metrics));
  else
    app.get('/metrics', () => {
      throw new HttpProblem({
        title: 'Not Found',
        status: 404,
        detail: 'Metrics are served on METRICS_PORT.',
      });
    });
}

import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Environment } from '../../contract/session';
import { csrfProtection } from './auth/csrf';
import { createIdentityMiddleware } from './auth/identity';
import type { Config } from './config';
import { createPutAddressRouter } from './features/addresses/put-address-router';
import { createMeRouter } from './features/session/me-router';
import { createStatementsRouter } from './features/statements/statements-router';
import { HttpProblem } from './http/http-problem';
import { apiNotFound, problemErrorHandler } from './http/problem-responses';
import { requestIdOf } from './http/request-id';
import { jsonBody } from './http/json-body';
import { middlewareChain } from './http/middleware-chain';
import { fixedHeaders } from './http/fixed-headers';
import { spaStatic } from './http/spa-static';
import { writeRateLimit } from './http/write-rate-limit';
import type { Logger } from './logger';
import { requestLogging, requestMetrics } from './observability/http-observability';
import type { Metrics } from './observability/metrics';
import { SCOPES } from '../../contract/scopes';
import type { TokenProvider } from './upstream/token-provider';
import type { UpstreamClient } from './upstream/upstream-client';
import type { Store } from './store/ports';
import { createListAddressesRouter } from './features/addresses/list-addresses-router';
import { createWithdrawalsRouter } from './features/withdrawals/withdrawals-router';
import { createAuditRouter } from './features/audit/audit-router';

/** Everything the app needs, built by the caller (server.ts, tests, the benchmark). */
export interface AppDeps {
  config: Config;
  environment: Environment;
  logger: Logger;
  metrics: Metrics;
  tokens: TokenProvider;
  upstream: UpstreamClient;
  store: Store;
}

/** Builds the Express app. It never listens: server.ts does, tests use it in-process. */
export function createApp(deps: AppDeps): Express {
  const { config, logger, metrics } = deps;
  const app = express();
  app.disable('x-powered-by');
  // Behind a proxy the peer is the proxy; identity decisions use the socket address, not X-Forwarded-For.
  app.set('trust proxy', false);

  app.use((req, res, next) => {
    res.setHeader('X-Request-Id', requestIdOf(req, res));
    next();
  });
  app.use(
    // Helmet's constant headers, worked out once (fixed-headers.ts): one step a request, not 12.
    fixedHeaders(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'"],
            imgSrc: ["'self'", 'data:'],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
          },
        },
        strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      }),
    ),
  );
  app.use(requestMetrics(metrics));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const ok = await deps.tokens.check(SCOPES.listStatements);
    if (!ok) {
      throw new HttpProblem({
        title: 'Service Unavailable',
        status: 503,
        detail: 'The upstream token endpoint is unreachable or refuses our credentials.',
      });
    }
    res.json({ status: 'ready' });
  });
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  const api = express.Router();
  // What every /api request goes through, as one router layer (middleware-chain.ts): the read
  // path pays for each layer.
  api.use(
    middlewareChain(
      (_req, res, next) => {
        res.setHeader('Cache-Control', 'no-store');
        next();
      },
      requestLogging(logger),
      csrfProtection({ ...(config.publicOrigin ? { publicOrigin: config.publicOrigin } : {}) }),
      createIdentityMiddleware(config.auth, config.roleGroups, logger),
      writeRateLimit({ perMinute: config.writeRateLimitPerMinute }),
      jsonBody(config.jsonBodyLimitBytes),
    ),
  );
  // Feature routers: one line each.
  api.use(createMeRouter(deps.environment));
  api.use(createStatementsRouter({ ...deps, exportMaxPages: config.exportMaxPages }));
  api.use(createPutAddressRouter(deps));
  api.use(createListAddressesRouter(deps));
  api.use(createWithdrawalsRouter(deps));
  api.use(createAuditRouter(deps));
  api.use(apiNotFound);
  app.use('/api', api);

  app.use(spaStatic(config.webDir));
  app.use(problemErrorHandler(logger));
  return app;
}

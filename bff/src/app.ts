import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Environment } from '#contract/session';
import { csrfProtection } from './auth/csrf';
import { createIdentityMiddleware } from './auth/identity';
import type { Config } from './config';
import { createPutAddressRouter } from './features/addresses/put-address-router';
import { createMeRouter } from './features/session/me-router';
import { createStatementsRouter, statementsRoutes } from './features/statements/statements-router';
import { HttpProblem } from './http/http-problem';
import { apiNotFound, problemErrorHandler } from './http/problem-responses';
import { requestIdentification } from './http/request-id';
import { urlLengthLimit } from './http/oversized-request';
import { devModeGuard } from './auth/dev-mode-guard';
import { requireRole } from './auth/require-role';
import { metricsHandler, readyzHandler } from './observability/ops-routes';
import { jsonBody } from './http/json-body';
import { middlewareChain } from './http/middleware-chain';
import { serveHotRoutesFirst } from './http/hot-routes';
import { fixedHeaders } from './http/fixed-headers';
import { spaStatic } from './http/spa-static';
import { writeRateLimit } from './http/write-rate-limit';
import type { Logger } from './logger';
import { requestLogging, requestMetrics } from './observability/http-observability';
import type { Metrics } from './observability/metrics';
import type { TokenProvider } from './upstream/token-provider';
import {
  createCompanionFeatureGate,
  type CompanionFeatureGate,
} from './upstream/companion-features';
import { createTransferStatusRouter } from './features/withdrawals/transfer-status-router';
import { createFeeQuoteRouter } from './features/withdrawals/fee-quote-router';
import { createVaspDirectoryRouter } from './features/addresses/vasp-directory-router';
import { createServiceAddressesRouter } from './features/addresses/service-addresses-router';
import type { UpstreamClient } from './upstream/upstream-client';
import type { Store } from './store/ports';
import { createListAddressesRouter } from './features/addresses/list-addresses-router';
import { createWithdrawalsRouter } from './features/withdrawals/withdrawals-router';
import { createAuditRouter } from './features/audit/audit-router';
import { createApprovalsRouter } from './features/approvals/approvals-router';
import { createApprovedWithdrawalSender } from './features/withdrawals/approved-withdrawal-sender';
import { attemptLeaseMs } from './features/withdrawals/withdrawal-submitter';
import { createApprovedAddressSaver } from './features/addresses/approved-address-saver';
import { createApprovalWebhook, type ApprovalNotifier } from './four-eyes/approval-webhook';

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
  approvalNotifier?: ApprovalNotifier;
}

/** Builds the Express app. It never listens: server.ts does, tests use it in-process. */
export function createApp(deps: AppDeps): Express {
  const { config, logger, metrics } = deps;
  const companion = deps.companion ?? createCompanionFeatureGate({ tokens: deps.tokens, logger });
  const approvalNotifier =
    deps.approvalNotifier ??
    (config.approvalWebhookUrl
      ? createApprovalWebhook({ url: config.approvalWebhookUrl, logger })
      : undefined);
  const withApprovals = { ...deps, companion, ...(approvalNotifier ? { approvalNotifier } : {}) };
  const app = express();
  app.disable('x-powered-by');
  // Behind a proxy the peer is the proxy; identity decisions use the socket address, not X-Forwarded-For.
  app.set('trust proxy', false);

  const identity = createIdentityMiddleware(config.auth, config.roleGroups, logger);
  // What every /api request goes through, as one router layer (middleware-chain.ts): the read
  // path pays for each layer.
  const apiChain = middlewareChain(
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
    requestLogging(logger),
    csrfProtection({ ...(config.publicOrigin ? { publicOrigin: config.publicOrigin } : {}) }),
    identity,
    writeRateLimit({
      perMinute: config.writeRateLimitPerMinute,
      ...(deps.store.writeLimits ? { store: deps.store.writeLimits() } : {}),
    }),
    jsonBody(config.jsonBodyLimitBytes),
  );
  const statements = statementsRoutes({ ...deps, exportMaxPages: config.exportMaxPages });

  // What every request goes through first, as one router layer (middleware-chain.ts): our
  // request id and the context every log line of this request reads it from; in dev mode the
  // loopback-only guard; the URL length limit; helmet's constant headers, worked out once
  // (fixed-headers.ts: one step a request, not 12); the request metrics. The hot read (the
  // statements page, proxied) runs the same instances, then the same /api chain and route
  // handlers, before Express's dispatch and router (serveHotRoutesFirst, at the end); anything it
  // does not match exactly goes through Express and the routes below.
  const front = [
    requestIdentification({ trustedProxies: config.trustedProxyAddresses }),
    ...(config.auth.mode === 'dev' ? [devModeGuard()] : []),
    urlLengthLimit(),
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
    requestMetrics(metrics),
  ];
  app.use(middlewareChain(...front));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', readyzHandler(deps));
  // With METRICS_PORT the metrics have their own (loopback by default) listener, wired by
  // server.ts; without it they are served here, but only to an operator of the API.
  if (config.metrics === undefined)
    app.get('/metrics', identity, requireRole('viewer'), metricsHandler(metrics));
  else
    app.get('/metrics', () => {
      throw new HttpProblem({
        title: 'Not Found',
        status: 404,
        detail: 'Metrics are served on METRICS_PORT.',
      });
    });

  const api = express.Router();
  api.use(apiChain);
  // Feature routers: one line each.
  api.use(
    createMeRouter(deps.environment, companion, config.approvalPolicy, config.auth.mode === 'dev'),
  );
  api.use(createStatementsRouter(statements));
  api.use(createPutAddressRouter(withApprovals));
  api.use(createListAddressesRouter(deps));
  api.use(createWithdrawalsRouter(withApprovals));
  // Four eyes: the last approval sends through the withdrawals and addresses features' own paths.
  api.use(
    createApprovalsRouter({
      ...withApprovals,
      config: {
        approvalPolicy: config.approvalPolicy,
        approvalAttribution: config.approvalAttribution,
        attemptLeaseMs: attemptLeaseMs(config.upstreamTuning),
      },
      senders: {
        withdrawal: createApprovedWithdrawalSender(withApprovals),
        address: createApprovedAddressSaver(withApprovals),
      },
    }),
  );
  // Companion operations: each answers 403 Feature Unavailable when its scope is not granted.
  api.use(createTransferStatusRouter({ ...deps, companion }));
  api.use(createFeeQuoteRouter({ ...deps, companion }));
  api.use(createVaspDirectoryRouter({ ...deps, companion }));
  api.use(createServiceAddressesRouter({ ...deps, companion }));
  api.use(createAuditRouter(deps));
  api.use(apiNotFound);
  app.use('/api', api);

  app.use(spaStatic(config.webDir));
  const errorHandler = problemErrorHandler(logger);
  app.use(errorHandler);
  serveHotRoutesFirst(app, {
    front,
    routes: [
      { path: '/api/statements', label: '/statements', handlers: [apiChain, ...statements.list] },
    ],
    errorHandler,
  });
  return app;
}

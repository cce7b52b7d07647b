import type { Environment } from '#contract/session';
import type { AppDeps } from './app';
import { describeEnvironment, type Config } from './config';
import { createLogger, type Logger } from './logger';
import { createMetrics, type Metrics } from './lib/metrics';
import { openStore, type OpenedStore } from './store/open-store';
import { createTokenProvider } from './upstream/token-provider';
import { createUpstreamClient } from './upstream/upstream-client';
import { createCompanionFeatureGate } from './upstream/companion-features';
import { createConsoleNotifier } from './notifications/console-notifier';
import { createBackgroundTasks } from './lib/background-tasks';
import { startPeriodicJobs } from './periodic-jobs';
import { recoverInterruptedWork } from './store/recover-interrupted';

/** The app's dependencies and how to release them; `local` is the in-process sandbox, when used. */
export interface Runtime {
  deps: AppDeps;
  local?: { url: string };
  close(): Promise<void>;
}

interface UpstreamTarget {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
  url?: string;
}

/**
 * With no upstream configured, the local sandbox starts in this process on loopback, so
 * `npm start` needs no credentials and no second terminal. Imported lazily: a BFF pointed at the
 * real API never loads it.
 */
async function startLocalUpstream(config: Config): Promise<UpstreamTarget> {
  const { createSandbox, DEFAULT_CLIENT } = await import('#sandbox/index');
  const sandbox = createSandbox(
    config.sandboxSettleMs === undefined ? {} : { settleMs: config.sandboxSettleMs },
  );
  const running = await sandbox.listen(config.sandboxPort, '127.0.0.1');
  return {
    baseUrl: `${running.url}/v2`,
    tokenUrl: `${running.url}/oauth2/token`,
    clientId: DEFAULT_CLIENT.client_id,
    clientSecret: DEFAULT_CLIENT.client_secret,
    close: () => running.close(),
    url: running.url,
  };
}

/**
 * The durable ledger: PostgreSQL when DATABASE_URL is set (shared by instances), else PGlite in
 * DATA_DIR. Migrations run, and interrupted work is recovered, before the app takes a request;
 * a failure closes what was opened (the store, the local upstream).
 */
async function openRecoveredStore(
  config: Config,
  target: UpstreamTarget,
  logger: Logger,
): Promise<OpenedStore> {
  let store: OpenedStore | undefined;
  let interrupted: { withdrawals: number; sends: number };
  try {
    store = await openStore(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    );
    // Work a stopped process left half done (store/recover-interrupted.ts): PGlite's data
    // directory is locked to this process (store/data-dir-lock), so all of it was left by a
    // process that is gone; on a shared PostgreSQL only what a lease that ran out held.
    interrupted = await recoverInterruptedWork(store, { all: store.db.kind === 'pglite' });
  } catch (error) {
    await store?.close().catch(() => {});
    await target.close();
    throw error;
  }
  if (interrupted.withdrawals > 0)
    logger.warn(
      { withdrawals: interrupted.withdrawals },
      'withdrawals interrupted by a restart are now unknown',
    );
  if (interrupted.sends > 0)
    logger.warn({ sends: interrupted.sends }, 'approved sends interrupted by a restart are due');
  return store;
}

/** The token provider and the upstream client, pointed at the target. */
function connectUpstream(
  config: Config,
  target: UpstreamTarget,
  { logger, metrics }: { logger: Logger; metrics: Metrics },
) {
  const tokens = createTokenProvider({
    tokenUrl: target.tokenUrl,
    clientId: target.clientId,
    clientSecret: target.clientSecret,
    logger,
    metrics,
    connectTimeoutMs: config.upstreamTuning.connectTimeoutMs,
  });
  const upstream = createUpstreamClient({
    baseUrl: target.baseUrl,
    tokens,
    tuning: config.upstreamTuning,
    logger,
    metrics,
  });
  return { tokens, upstream };
}

export async function createRuntime(
  config: Config,
  options: { logger?: Logger } = {},
): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const metrics = createMetrics({ defaultMetrics: true });
  const target: UpstreamTarget =
    config.upstream.mode === 'local'
      ? await startLocalUpstream(config)
      : { ...config.upstream, close: async () => {} };
  const environment: Environment = describeEnvironment(config);
  const opened = await openRecoveredStore(config, target, logger);
  const { tokens, upstream } = connectUpstream(config, target, { logger, metrics });
  const companion = createCompanionFeatureGate({ tokens, logger });
  // The app's own jobs (the outbox of approved sends, the notifications' deliverer), started
  // as they are added.
  const background = createBackgroundTasks();
  // E-mail and Slack (when configured) go through the store's outbox, delivered in background.
  const approvalNotifier = createConsoleNotifier({
    config,
    outbox: opened.notificationOutbox,
    logger,
    background,
  });
  const jobs = startPeriodicJobs({
    config,
    store: opened,
    upstream,
    companion,
    logger,
    notifier: approvalNotifier,
  });
  return {
    deps: {
      config,
      environment,
      logger,
      metrics,
      tokens,
      upstream,
      store: opened,
      companion,
      background,
      ...(approvalNotifier ? { approvalNotifier } : {}),
    },
    ...(target.url ? { local: { url: target.url } } : {}),
    async close() {
      await jobs.stop();
      await background.stop();
      await upstream.close();
      await tokens.close();
      await target.close();
      await opened.close();
    },
  };
}

// Starts the BFF: parse config, build the runtime and the app, listen, stop gracefully. Nothing else.
// First: the V8 settings the BFF runs with, before the store compiles PGlite's WebAssembly or undici
// its parser (both happen later, on first use; esbuild's bundle hoists npm packages' imports above
// this module's code, and none of them compiles WebAssembly when imported).
import './v8-policy-applied';
import { createServer, type Server } from 'node:http';
import { createApp } from './app';
import { answerClientErrors } from './http/oversized-request';
import { createMetricsApp } from './observability/ops-routes';
import { ConfigError, loadConfig, type Config } from './config';
import { isLoopback } from './auth/identity';
import { createRuntime } from './runtime';
import { DataDirLockedError } from './store/data-dir-lock';
import { listenRefusal } from './listen-refusal';

let config: Config;
try {
  config = loadConfig();
  if (config.auth.mode === 'dev' && !isLoopback(config.host)) {
    throw new ConfigError(
      'AUTH_MODE',
      `is dev, which gives every visitor every role: it is refused unless HOST is loopback (HOST is ${config.host})`,
    );
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// A data directory another process holds is a start-up refusal like a bad setting: one line
// naming the holder and what to do, never a stack trace.
const runtime = await createRuntime(config).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`Start-up refused: ${error.message}`);
    process.exit(1);
  }
  return refuseOnListenError('SANDBOX_PORT', config.sandboxPort)(error);
});

/** A port this process cannot take is a start-up refusal too: one line, the setting to change. */
function refuseOnListenError(setting: string, port: number) {
  return (error: unknown): never => {
    const refusal = listenRefusal(setting, port, error);
    if (refusal === undefined) throw error;
    console.error(refusal);
    process.exit(1);
  };
}
const { logger } = runtime.deps;
const app = createApp(runtime.deps);
const server = createServer(app);
answerClientErrors(server, logger);
// Metrics (and detailed readiness) on their own listener when METRICS_PORT is set: loopback by
// default, so only this host's scraper (or a sidecar) reads them.
let metricsServer: Server | undefined;
if (config.metrics) {
  const { port, host } = config.metrics;
  metricsServer = createServer(createMetricsApp(runtime.deps));
  answerClientErrors(metricsServer, logger);
  metricsServer.once('error', refuseOnListenError('METRICS_PORT', port));
  metricsServer.listen(port, host, () => {
    const address = metricsServer?.address();
    logger.info(
      { metrics_port: typeof address === 'object' && address ? address.port : port, host },
      'metrics listening',
    );
  });
}
server.once('error', refuseOnListenError('PORT', config.port));
server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '127.0.0.1' || config.host === '::1' ? 'localhost' : config.host;
  logger.info(
    {
      port,
      environment: runtime.deps.environment.name,
      upstream: runtime.local ? 'local sandbox' : 'configured',
    },
    'listening',
  );
  console.log(`Asset Ops Console: http://${host}:${port}  (${runtime.deps.environment.name})`);
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping: no new connections, letting in-flight requests finish');
  const force = setTimeout(() => {
    logger.error('in-flight requests did not finish in time; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  metricsServer?.close();
  metricsServer?.closeAllConnections();
  server.close(() => {
    runtime.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

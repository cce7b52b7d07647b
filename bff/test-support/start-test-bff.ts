// Shared by the BFF's tests (and reusable by anyone who needs a whole BFF in-process): the app as
// createApp builds it, in front of an in-process local upstream on an ephemeral loopback port.
// No outbound network: the token endpoint and the API are the sandbox's.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import {
  createSandbox,
  DEFAULT_CLIENT,
  type RunningSandbox,
  type Sandbox,
  type SandboxOptions,
} from '#sandbox/index';
import { createApp, type AppDeps } from '#bff/app';
import { describeEnvironment, loadConfig } from '#bff/config';
import { createLogger } from '#bff/logger';
import { createMetrics } from '#bff/lib/metrics';
import { createTokenProvider, type TokenProvider } from '#bff/upstream/token-provider';
import { createUpstreamClient, type UpstreamClient } from '#bff/upstream/upstream-client';
import { openStoreLazily } from '#bff/store/lazy-store';
import { pgliteTemplate } from '#bff/store/testing/pglite-template';
import { answerClientErrors } from '#bff/http/oversized-request';

export interface StartTestBffOptions {
  /** Environment variables on top of the test defaults (see TEST_ENV). */
  env?: Record<string, string>;
  /** Extra or replaced dependencies, e.g. `{ store }`; applied after the defaults are built. */
  deps?: Partial<AppDeps>;
  /** Options of the in-process sandbox (clients, token TTL, clock...). */
  sandbox?: SandboxOptions;
  /** The credentials the BFF presents (default: the sandbox's default client). */
  clientId?: string;
  clientSecret?: string;
  /** Wraps the real token provider (to see the tokens the BFF uses...). */
  wrapTokens?: (real: TokenProvider) => TokenProvider;
  /** Wraps the real upstream client (to inject a malformed answer, count calls...). */
  wrapUpstream?: (real: UpstreamClient) => UpstreamClient;
  /** Where the BFF listens (default 127.0.0.1, which AUTH_MODE=dev requires). */
  host?: string;
}

export interface TestResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
}

export interface TestRequestOptions {
  /** An array sends the header once per value (a repeated header). */
  headers?: Record<string, string | string[]>;
  /** An object is sent as JSON (content-type application/json unless given); a string as is. */
  body?: unknown;
  /** Adds X-CSRF: 1 (default true). */
  csrf?: boolean;
}

export interface CapturedLogs {
  /** Every raw line pino wrote. */
  lines: string[];
  /** The lines parsed as JSON. */
  entries(): Array<Record<string, unknown>>;
  /** Everything written, as one string (for "never contains" assertions). */
  text(): string;
}

export interface TestBff {
  url: string;
  sandbox: Sandbox;
  /** The sandbox's own URL (`${sandboxUrl}/v2` is the API base). */
  sandboxUrl: string;
  deps: AppDeps;
  server: Server;
  logs: CapturedLogs;
  request(method: string, path: string, options?: TestRequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

/** Test defaults: quick backoff so retries do not slow the suite, and a loopback dev operator. */
export const TEST_ENV: Record<string, string> = {
  LOG_LEVEL: 'info',
  UPSTREAM_BACKOFF_BASE_MS: '1',
  UPSTREAM_BACKOFF_MAX_MS: '5',
  UPSTREAM_RETRY_AFTER_CAP_MS: '2000',
  UPSTREAM_HEADERS_TIMEOUT_MS: '5000',
  UPSTREAM_BODY_TIMEOUT_MS: '5000',
  // Tests of other features run with nothing held; the four-eyes tests give their own policy.
  APPROVAL_POLICY: 'none',
};

function captureLogs(): { logs: CapturedLogs; destination: { write(line: string): void } } {
  const lines: string[] = [];
  return {
    destination: { write: (line: string) => void lines.push(line) },
    logs: {
      lines,
      entries: () =>
        lines.flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
      text: () => lines.join(''),
    },
  };
}

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

export async function startTestBff(options: StartTestBffOptions = {}): Promise<TestBff> {
  const sandbox = createSandbox(options.sandbox ?? {});
  const running: RunningSandbox = await sandbox.listen(0, '127.0.0.1');
  const config = loadConfig({ ...TEST_ENV, ...options.env });
  const { logs, destination } = captureLogs();
  const logger = createLogger(config.logLevel, destination);
  const metrics = createMetrics();
  const realTokens = createTokenProvider({
    tokenUrl: `${running.url}/oauth2/token`,
    clientId: options.clientId ?? DEFAULT_CLIENT.client_id,
    clientSecret: options.clientSecret ?? DEFAULT_CLIENT.client_secret,
    logger,
    metrics,
    connectTimeoutMs: config.upstreamTuning.connectTimeoutMs,
  });
  const tokens = options.wrapTokens ? options.wrapTokens(realTokens) : realTokens;
  const upstream = createUpstreamClient({
    baseUrl: `${running.url}/v2`,
    tokens,
    tuning: config.upstreamTuning,
    logger,
    metrics,
  });
  const deps: AppDeps = {
    config,
    environment: describeEnvironment(config),
    logger,
    metrics,
    tokens,
    upstream: options.wrapUpstream ? options.wrapUpstream(upstream) : upstream,
    // In-memory PGlite from the run's migrated template, opened only if a test reaches the ledger.
    store: options.deps?.store ?? openStoreLazily({ initialCluster: pgliteTemplate() }),
    ...options.deps,
  };
  const app = createApp(deps);
  const server = createServer(app);
  answerClientErrors(server, logger);
  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const client = new Client(url, { keepAliveTimeout: 1_000 });

  const request: TestBff['request'] = async (method, path, opts = {}) => {
    const headers: Record<string, string | string[]> = {};
    if (opts.csrf !== false) headers['x-csrf'] = '1';
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      if (typeof opts.body !== 'string') headers['content-type'] = 'application/json';
    }
    Object.assign(headers, opts.headers);
    const response = await client.request({ method: method as 'GET', path, headers, body });
    const text = await response.body.text();
    let parsed: unknown;
    try {
      parsed = text.length > 0 ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.statusCode, headers: response.headers, text, body: parsed };
  };

  return {
    url,
    sandbox,
    sandboxUrl: running.url,
    deps,
    server,
    logs,
    request,
    async close() {
      await client.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await upstream.close();
      await realTokens.close();
      await running.close();
      if (!options.deps?.store) await deps.store.close();
    },
  };
}

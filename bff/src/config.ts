import { isIP } from 'node:net';
import { z } from 'zod';
import { isLoopbackHost } from './http/peer-address';
import {
  AuthSchema,
  noRoleGroups,
  ProxyAddressesVariable,
  RoleGroupsVariable,
} from './auth/auth-config';
import type { ApprovalPolicy } from '#contract/approvals';
import { ENVIRONMENT_NAMES, type Environment } from '#contract/session';
import { headerName, httpUrl, int, optionalText, refuse } from './lib/env-rules';
import { UpstreamSchema, type UpstreamConfig } from './upstream/upstream-config';
import {
  ApprovalPolicyError,
  LOCAL_DEMO_APPROVAL_POLICY,
  parseApprovalPolicy,
  readApprovalPolicyFile,
} from './four-eyes/approval-policy-config';
import { NotificationEnvShape, notificationsOf } from './notifications/notifications-config';

// The BFF's whole configuration, parsed from the environment once at start-up by one zod schema
// (ConfigSchema), whose output type is Config. First each variable on its own (EnvSchema: its
// rule and default), then the settings several variables decide together (where the upstream
// is, what AUTH_MODE needs). A bad or missing value stops the process with one line naming the
// variable and what to set (ConfigError). Secrets have no default.

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Configuration error: ${variable} ${message}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Each variable, its rule and default: README.md lists exactly these. */
const EnvSchema = z.object({
  PORT: int(0, 65535).default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  UPSTREAM_BASE_URL: optionalText.pipe(httpUrl.optional()),
  UPSTREAM_TOKEN_URL: optionalText.pipe(httpUrl.optional()),
  UPSTREAM_CLIENT_ID: optionalText,
  UPSTREAM_CLIENT_SECRET: optionalText,
  UPSTREAM_CLIENT_SECRET_FILE: optionalText,
  ENVIRONMENT_NAME: optionalText,
  AUTH_MODE: z.enum(['dev', 'trusted-header', 'jwt', 'oidc']).default('dev'),
  /** Peers whose X-Request-Id is kept (the SSO proxy / load balancer); others get our own id. */
  TRUSTED_PROXY_ADDRESSES: ProxyAddressesVariable,
  TRUSTED_HEADER_USER: headerName.default('x-forwarded-user'),
  TRUSTED_HEADER_EMAIL: headerName.default('x-forwarded-email'),
  TRUSTED_HEADER_GROUPS: headerName.default('x-forwarded-groups'),
  TRUSTED_HEADER_NAME: headerName.default('x-forwarded-preferred-username'),
  JWT_HEADER: headerName.optional(),
  JWT_JWKS_URL: optionalText.pipe(httpUrl.optional()),
  JWT_ISSUER: optionalText,
  JWT_AUDIENCE: optionalText,
  JWT_SIGNER: optionalText,
  JWT_ALGORITHMS: z.string().default('RS256,ES256'),
  JWT_GROUPS_CLAIM: z.string().trim().min(1).default('groups'),
  JWT_CLOCK_TOLERANCE_SECONDS: int(0, 300).default(30),
  /** AUTH_MODE=oidc: the provider, this client, and the console's own sessions (docs/sso.md). */
  OIDC_ISSUER: optionalText,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_CLIENT_SECRET_FILE: optionalText,
  OIDC_SCOPES: z.string().trim().min(1).default('openid profile email'),
  OIDC_GROUPS_CLAIM: z.string().trim().min(1).default('groups'),
  SESSION_IDLE_MINUTES: int(1, 7 * 24 * 60).default(60),
  SESSION_MAX_HOURS: int(1, 30 * 24).default(12),
  ROLE_GROUPS: RoleGroupsVariable,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  SANDBOX_PORT: int(0, 65535).default(0),
  SANDBOX_SETTLE_MS: int(0, 3_600_000).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WRITE_RATE_LIMIT_PER_MINUTE: int(1, 100_000).default(30),
  JSON_BODY_LIMIT_BYTES: int(1024, 1_048_576).default(32 * 1024),
  UPSTREAM_CONNECT_TIMEOUT_MS: int(100, 120_000).default(5_000),
  /** Time to the response headers; a withdrawal whose headers never come is "unknown". */
  UPSTREAM_HEADERS_TIMEOUT_MS: int(100, 300_000).default(15_000),
  UPSTREAM_BODY_TIMEOUT_MS: int(100, 300_000).default(15_000),
  UPSTREAM_MAX_ATTEMPTS: int(1, 10).default(3),
  UPSTREAM_BACKOFF_BASE_MS: int(0, 60_000).default(200),
  UPSTREAM_BACKOFF_MAX_MS: int(0, 120_000).default(2_000),
  /** Retry-After longer than this is not waited for: the operator is told to retry later. */
  UPSTREAM_RETRY_AFTER_CAP_MS: int(0, 300_000).default(5_000),
  UPSTREAM_CONNECTIONS: int(1, 1024).default(64),
  EXPORT_MAX_PAGES: int(1, 100_000).default(1_000),
  /** How often the BFF re-reads PENDING transfers (0: never; needs transfer:read_transfer). */
  TRANSFER_STATUS_REFRESH_MS: int(0, 3_600_000).default(10_000),
  ELSEWHERE_POLL_SECONDS: int(0, 86_400).default(60),
  ELSEWHERE_LOOKBACK_HOURS: int(1, 24 * 366).default(168),
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000).default(30_000),
  WEB_DIR: z.string().trim().min(1).default('dist/web'),
  /** The console's public origin (scheme://host[:port]); required behind an SSO proxy. */
  PUBLIC_ORIGIN: optionalText.pipe(httpUrl.transform((url) => new URL(url).origin).optional()),
  /** The WebAuthn RP id of approvers' passkeys (default: PUBLIC_ORIGIN's host name). */
  PASSKEY_RP_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as ops.example.com')
      .transform((host) => host.toLowerCase())
      .optional(),
  ),
  /** Metrics (and detailed readiness) on their own listener; unset: /metrics behind the API identity. */
  METRICS_PORT: int(0, 65535).optional(),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Four eyes: which withdrawals and address changes wait for approval. */
  APPROVAL_POLICY: optionalText,
  APPROVAL_POLICY_FILE: optionalText,
  /** What names people in a withdrawal's metadata: their stable subject id, or their e-mail. */
  APPROVAL_ATTRIBUTION: z.enum(['subject', 'email']).default('subject'),
  /** Receives a JSON message when a request needs approval or is decided (optional). */
  APPROVAL_WEBHOOK_URL: optionalText.pipe(httpUrl.optional()),
  /** E-mail and Slack notifications (notifications/notifications-config.ts): off unless set. */
  ...NotificationEnvShape,
});

export type Env = z.output<typeof EnvSchema>;

/** Every variable the BFF reads (README.md documents exactly these). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

/**
 * The environment as the BFF's configuration. Each setting that several variables decide is a
 * schema over the parsed environment; z.object runs them in order, so the first wrong variable
 * is the one reported. (auth gets the environment as unknown: each AUTH_MODE member types only
 * the variables it reads.)
 */
const ConfigSchema = EnvSchema.transform((env) => ({ env, upstream: env, auth: env as unknown }))
  .pipe(z.object({ env: z.custom<Env>(), upstream: UpstreamSchema, auth: AuthSchema }))
  .transform(({ env: e, upstream, auth }, ctx) => {
    // The dev operator holds every role: never in front of an upstream that moves real money.
    if (
      auth.mode === 'dev' &&
      upstream.mode === 'remote' &&
      describeEnvironment({ upstream, environmentName: e.ENVIRONMENT_NAME }).kind !== 'sandbox'
    ) {
      const host = new URL(upstream.baseUrl).host;
      return refuse(
        ctx,
        `is dev (the default), which is refused with a production upstream (${host}): set AUTH_MODE=trusted-header, jwt or oidc (docs/sso.md), or unset UPSTREAM_BASE_URL for the local upstream`,
        'AUTH_MODE',
      );
    }
    return {
      port: e.PORT,
      host: e.HOST,
      upstream,
      environmentName: e.ENVIRONMENT_NAME,
      auth,
      roleGroups: e.ROLE_GROUPS ?? noRoleGroups(),
      dataDir: e.DATA_DIR,
      databaseUrl: e.DATABASE_URL,
      sandboxPort: e.SANDBOX_PORT,
      sandboxSettleMs: e.SANDBOX_SETTLE_MS,
      logLevel: e.LOG_LEVEL,
      writeRateLimitPerMinute: e.WRITE_RATE_LIMIT_PER_MINUTE,
      jsonBodyLimitBytes: e.JSON_BODY_LIMIT_BYTES,
      upstreamTuning: {
        connectTimeoutMs: e.UPSTREAM_CONNECT_TIMEOUT_MS,
        headersTimeoutMs: e.UPSTREAM_HEADERS_TIMEOUT_MS,
        bodyTimeoutMs: e.UPSTREAM_BODY_TIMEOUT_MS,
        maxAttempts: e.UPSTREAM_MAX_ATTEMPTS,
        backoffBaseMs: e.UPSTREAM_BACKOFF_BASE_MS,
        backoffMaxMs: e.UPSTREAM_BACKOFF_MAX_MS,
        retryAfterCapMs: e.UPSTREAM_RETRY_AFTER_CAP_MS,
        connections: e.UPSTREAM_CONNECTIONS,
      },
      exportMaxPages: e.EXPORT_MAX_PAGES,
      transferStatusRefreshMs: e.TRANSFER_STATUS_REFRESH_MS,
      elsewherePollMs: e.ELSEWHERE_POLL_SECONDS * 1000,
      elsewhereLookbackMs: e.ELSEWHERE_LOOKBACK_HOURS * 3_600_000,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
      webDir: e.WEB_DIR,
      publicOrigin: e.PUBLIC_ORIGIN,
      passkeyRpId: e.PASSKEY_RP_ID,
      trustedProxyAddresses: e.TRUSTED_PROXY_ADDRESSES,
      ...(e.METRICS_PORT === undefined
        ? {}
        : { metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST } }),
      approvalPolicy: approvalPolicyOf(e, upstream, ctx),
      approvalAttribution: e.APPROVAL_ATTRIBUTION,
      ...(e.APPROVAL_WEBHOOK_URL ? { approvalWebhookUrl: e.APPROVAL_WEBHOOK_URL } : {}),
      notifications: notificationsOf(e, ctx),
    };
  });

export type Config = z.output<typeof ConfigSchema>;
export type UpstreamTuning = Config['upstreamTuning'];

/**
 * Four eyes is secure by default: in front of a real upstream the policy must be stated (even
 * "none"); only local mode falls back to the demo policy that shows every path.
 */
function approvalPolicyOf(e: Env, upstream: UpstreamConfig, ctx: z.RefinementCtx): ApprovalPolicy {
  if (e.APPROVAL_POLICY && e.APPROVAL_POLICY_FILE)
    return refuse(ctx, 'and APPROVAL_POLICY are both set: give one', 'APPROVAL_POLICY_FILE');
  const [variable, read] = e.APPROVAL_POLICY
    ? ['APPROVAL_POLICY', () => parseApprovalPolicy(e.APPROVAL_POLICY!)]
    : e.APPROVAL_POLICY_FILE
      ? ['APPROVAL_POLICY_FILE', () => readApprovalPolicyFile(e.APPROVAL_POLICY_FILE!)]
      : [undefined, undefined];
  if (!variable || !read) {
    if (upstream.mode === 'local') return LOCAL_DEMO_APPROVAL_POLICY;
    return refuse(
      ctx,
      'is required when UPSTREAM_BASE_URL is set: set APPROVAL_POLICY (JSON, or "none") or APPROVAL_POLICY_FILE',
      'APPROVAL_POLICY',
    );
  }
  try {
    return read();
  } catch (error) {
    if (error instanceof ApprovalPolicyError) return refuse(ctx, error.message, variable);
    throw error;
  }
}

/** Parses the environment; throws ConfigError naming the first wrong variable and what to set. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const variable = String(issue.path.at(-1) ?? 'environment');
  throw new ConfigError(
    variable,
    issue.code === 'custom' ? issue.message : `is invalid: ${issue.message}`,
  );
}
/** The environment banner: "Local sandbox", or Sandbox/Production from the URL, or ENVIRONMENT_NAME. */
export function describeEnvironment(config: {
  upstream: UpstreamConfig;
  environmentName?: string;
}): Environment {
  if (config.upstream.mode === 'local') {
    return {
      kind: 'local',
      name: config.environmentName ?? ENVIRONMENT_NAMES.local,
      allow_testnet: true,
    };
  }
  const url = new URL(config.upstream.baseUrl);
  const host = url.hostname;
  // A name that says production wins over a URL that looks like a test host: the banner and
  // the refusal of testnet addresses must never be weaker than what the operator was told.
  const namedProduction = /prod/i.test(config.environmentName ?? '');
  // An IP address says nothing about what answers there (a production API reached through an
  // egress proxy is an IP too): only this machine, or a name that calls it a sandbox, makes it one.
  const namedSandbox = /\b(sandbox|staging|test|dev)/i.test(config.environmentName ?? '');
  const hostSaysSandbox =
    isIP(host) === 0
      ? /(^|[.-])(sandbox|staging|test|dev)([.-]|$)/.test(host) || isLoopbackHost(url.host)
      : isLoopbackHost(url.host) || namedSandbox;
  const kind = !namedProduction && hostSaysSandbox ? 'sandbox' : 'production';
  return {
    kind,
    name: config.environmentName ?? ENVIRONMENT_NAMES[kind],
    allow_testnet: kind !== 'production',
  };
}

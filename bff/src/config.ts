import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { isLoopbackHost } from './auth/peer-address';
import type { ApprovalPolicy } from '#contract/approvals';
import { ENVIRONMENT_NAMES, ROLES, type Environment, type Role } from '#contract/session';
import {
  ApprovalPolicyError,
  LOCAL_DEMO_APPROVAL_POLICY,
  parseApprovalPolicy,
  readApprovalPolicyFile,
} from './four-eyes/approval-policy-config';

// The BFF's whole configuration, parsed from the environment once at start-up. A bad or missing
// value stops the process with one line naming the variable (ConfigError). Secrets have no default.

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Configuration error: ${variable} ${message}`);
    this.name = 'ConfigError';
  }
}

export type AuthConfig =
  | { mode: 'dev' }
  | {
      mode: 'trusted-header';
      proxyAddresses: string[];
      userHeader: string;
      emailHeader: string;
      groupsHeader: string;
      nameHeader: string;
    }
  | {
      mode: 'jwt';
      header: string;
      /** A JWKS URL, or a per-key PEM URL with `{kid}` in it (AWS ALB). */
      jwksUrl: string;
      issuer: string;
      /** Empty only when `signer` is set (AWS ALB assertions carry no `aud`). */
      audience: string[];
      /** AWS ALB: the load balancer's ARN, which must equal the assertion header's `signer`. */
      signer?: string;
      algorithms: string[];
      groupsClaim: string;
      clockToleranceSeconds: number;
    };

/** Where the upstream is: configured (remote), or the local sandbox the server starts in-process. */
export type UpstreamConfig =
  | { mode: 'local' }
  | { mode: 'remote'; baseUrl: string; tokenUrl: string; clientId: string; clientSecret: string };

export interface UpstreamTuning {
  connectTimeoutMs: number;
  /** Time to the response headers; a withdrawal whose headers never come is "unknown". */
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Retry-After longer than this is not waited for: the operator is told to retry later. */
  retryAfterCapMs: number;
  connections: number;
}

export interface Config {
  port: number;
  host: string;
  upstream: UpstreamConfig;
  environmentName?: string;
  auth: AuthConfig;
  roleGroups: Record<Role, string[]>;
  dataDir: string;
  databaseUrl?: string;
  sandboxPort: number;
  sandboxSettleMs?: number;
  logLevel: string;
  writeRateLimitPerMinute: number;
  jsonBodyLimitBytes: number;
  upstreamTuning: UpstreamTuning;
  exportMaxPages: number;
  /** How often the BFF re-reads PENDING transfers (0: never; needs transfer:read_transfer). */
  transferStatusRefreshMs: number;
  shutdownTimeoutMs: number;
  webDir: string;
  /** The console's public origin (scheme://host[:port]); required behind an SSO proxy. */
  publicOrigin?: string;
  /** Peers whose X-Request-Id is kept (the SSO proxy / load balancer); others get our own id. */
  trustedProxyAddresses: string[];
  /** Metrics (and detailed readiness) on their own listener; unset: /metrics behind the API identity. */
  metrics?: { port: number; host: string };
  /** Four eyes: which withdrawals and address changes wait for approval (APPROVAL_POLICY). */
  approvalPolicy: ApprovalPolicy;
  /** What names people in a withdrawal's metadata: their stable subject id, or their e-mail. */
  approvalAttribution: 'subject' | 'email';
  /** Receives a JSON message when a request needs approval or is decided (optional). */
  approvalWebhookUrl?: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const JWT_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const headerName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]+$/, 'must be an HTTP header name');
const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

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
  AUTH_MODE: z.enum(['dev', 'trusted-header', 'jwt']).default('dev'),
  TRUSTED_PROXY_ADDRESSES: optionalText,
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
  ROLE_GROUPS: optionalText,
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
  UPSTREAM_HEADERS_TIMEOUT_MS: int(100, 300_000).default(15_000),
  UPSTREAM_BODY_TIMEOUT_MS: int(100, 300_000).default(15_000),
  UPSTREAM_MAX_ATTEMPTS: int(1, 10).default(3),
  UPSTREAM_BACKOFF_BASE_MS: int(0, 60_000).default(200),
  UPSTREAM_BACKOFF_MAX_MS: int(0, 120_000).default(2_000),
  UPSTREAM_RETRY_AFTER_CAP_MS: int(0, 300_000).default(5_000),
  UPSTREAM_CONNECTIONS: int(1, 1024).default(64),
  EXPORT_MAX_PAGES: int(1, 100_000).default(1_000),
  TRANSFER_STATUS_REFRESH_MS: int(0, 3_600_000).default(10_000),
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000).default(30_000),
  WEB_DIR: z.string().trim().min(1).default('dist/web'),
  PUBLIC_ORIGIN: optionalText.pipe(httpUrl.optional()),
  METRICS_PORT: int(0, 65535).optional(),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  APPROVAL_POLICY: optionalText,
  APPROVAL_POLICY_FILE: optionalText,
  APPROVAL_ATTRIBUTION: z.enum(['subject', 'email']).default('subject'),
  APPROVAL_WEBHOOK_URL: optionalText.pipe(httpUrl.optional()),
});

/** Every variable the BFF reads (README.md documents exactly these). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

/** `viewer=ops-viewers,ops-admins;address-editor=ops-admins` → role → groups. */
export function parseRoleGroups(value: string): Record<Role, string[]> {
  const result: Record<Role, string[]> = {
    viewer: [],
    'address-editor': [],
    'withdrawal-initiator': [],
    'withdrawal-approver': [],
    'address-approver': [],
  };
  for (const entry of value
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = entry.indexOf('=');
    const role = eq < 0 ? entry : entry.slice(0, eq).trim();
    if (eq < 0 || !(ROLES as readonly string[]).includes(role)) {
      throw new ConfigError(
        'ROLE_GROUPS',
        `has "${entry}": use role=group,group;role=group with roles ${ROLES.join(', ')}`,
      );
    }
    result[role as Role].push(...list(entry.slice(eq + 1)));
  }
  return result;
}

function readSecretFile(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    throw new ConfigError(
      'UPSTREAM_CLIENT_SECRET_FILE',
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

/** Parses the environment; throws ConfigError naming the first wrong variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(variable, `is invalid: ${issue.message}`);
  }
  const e = parsed.data;

  let upstream: UpstreamConfig = { mode: 'local' };
  if (e.UPSTREAM_BASE_URL) {
    if (!e.UPSTREAM_TOKEN_URL)
      throw new ConfigError('UPSTREAM_TOKEN_URL', 'is required when UPSTREAM_BASE_URL is set');
    if (!e.UPSTREAM_CLIENT_ID)
      throw new ConfigError('UPSTREAM_CLIENT_ID', 'is required when UPSTREAM_BASE_URL is set');
    if (e.UPSTREAM_CLIENT_SECRET && e.UPSTREAM_CLIENT_SECRET_FILE) {
      throw new ConfigError(
        'UPSTREAM_CLIENT_SECRET_FILE',
        'and UPSTREAM_CLIENT_SECRET are both set: give one',
      );
    }
    const clientSecret = e.UPSTREAM_CLIENT_SECRET_FILE
      ? readSecretFile(e.UPSTREAM_CLIENT_SECRET_FILE)
      : e.UPSTREAM_CLIENT_SECRET;
    if (!clientSecret) {
      throw new ConfigError(
        'UPSTREAM_CLIENT_SECRET',
        'is required when UPSTREAM_BASE_URL is set (or UPSTREAM_CLIENT_SECRET_FILE)',
      );
    }
    upstream = {
      mode: 'remote',
      baseUrl: e.UPSTREAM_BASE_URL.replace(/\/+$/, ''),
      tokenUrl: e.UPSTREAM_TOKEN_URL,
      clientId: e.UPSTREAM_CLIENT_ID,
      clientSecret,
    };
  } else if (
    e.UPSTREAM_TOKEN_URL ||
    e.UPSTREAM_CLIENT_ID ||
    e.UPSTREAM_CLIENT_SECRET ||
    e.UPSTREAM_CLIENT_SECRET_FILE
  ) {
    // Half a configuration would silently fall back to the local sandbox: refuse instead.
    throw new ConfigError(
      'UPSTREAM_BASE_URL',
      'is required when other UPSTREAM_* credentials are set',
    );
  }

  const proxyAddresses = list(e.TRUSTED_PROXY_ADDRESSES ?? '');
  const badProxy = proxyAddresses.find((a) => isIP(a) === 0);
  if (badProxy)
    throw new ConfigError(
      'TRUSTED_PROXY_ADDRESSES',
      `has "${badProxy}", which is not an IP address`,
    );

  let auth: AuthConfig = { mode: 'dev' };
  if (e.AUTH_MODE === 'trusted-header') {
    if (proxyAddresses.length === 0)
      throw new ConfigError('TRUSTED_PROXY_ADDRESSES', 'is required when AUTH_MODE=trusted-header');
    auth = {
      mode: 'trusted-header',
      proxyAddresses,
      userHeader: e.TRUSTED_HEADER_USER,
      emailHeader: e.TRUSTED_HEADER_EMAIL,
      groupsHeader: e.TRUSTED_HEADER_GROUPS,
      nameHeader: e.TRUSTED_HEADER_NAME,
    };
  } else if (e.AUTH_MODE === 'jwt') {
    if (!e.JWT_HEADER) throw new ConfigError('JWT_HEADER', 'is required when AUTH_MODE=jwt');
    if (!e.JWT_JWKS_URL) throw new ConfigError('JWT_JWKS_URL', 'is required when AUTH_MODE=jwt');
    if (!e.JWT_ISSUER) throw new ConfigError('JWT_ISSUER', 'is required when AUTH_MODE=jwt');
    if (!e.JWT_AUDIENCE && !e.JWT_SIGNER)
      throw new ConfigError(
        'JWT_AUDIENCE',
        'is required when AUTH_MODE=jwt (or JWT_SIGNER for AWS ALB)',
      );
    if (e.JWT_JWKS_URL.includes('{kid}') && !e.JWT_SIGNER)
      throw new ConfigError(
        'JWT_SIGNER',
        'is required when JWT_JWKS_URL has {kid} (AWS ALB): the load balancer ARN',
      );
    const algorithms = list(e.JWT_ALGORITHMS);
    const badAlg = algorithms.find((a) => !(JWT_ALGORITHMS as readonly string[]).includes(a));
    if (badAlg || algorithms.length === 0) {
      throw new ConfigError(
        'JWT_ALGORITHMS',
        `has "${badAlg ?? ''}": use asymmetric algorithms among ${JWT_ALGORITHMS.join(', ')}`,
      );
    }
    auth = {
      mode: 'jwt',
      header: e.JWT_HEADER,
      jwksUrl: e.JWT_JWKS_URL,
      issuer: e.JWT_ISSUER,
      audience: e.JWT_AUDIENCE ? list(e.JWT_AUDIENCE) : [],
      ...(e.JWT_SIGNER ? { signer: e.JWT_SIGNER } : {}),
      algorithms,
      groupsClaim: e.JWT_GROUPS_CLAIM,
      clockToleranceSeconds: e.JWT_CLOCK_TOLERANCE_SECONDS,
    };
  }

  if (auth.mode !== 'dev' && !e.ROLE_GROUPS) {
    throw new ConfigError(
      'ROLE_GROUPS',
      `is required when AUTH_MODE=${auth.mode} (e.g. viewer=ops-viewers;withdrawal-initiator=ops-treasury)`,
    );
  }
  const roleGroups = e.ROLE_GROUPS ? parseRoleGroups(e.ROLE_GROUPS) : parseRoleGroups('');
  // Behind an SSO proxy the Host the BFF sees is whatever the proxy forwards, so the CSRF Origin
  // check needs the public origin to compare with (it never trusts the request's own Host).
  if (auth.mode !== 'dev' && !e.PUBLIC_ORIGIN) {
    throw new ConfigError(
      'PUBLIC_ORIGIN',
      `is required when AUTH_MODE=${auth.mode}: the origin operators open, e.g. https://ops.example.com`,
    );
  }
  // The dev operator holds every role: never in front of an upstream that moves real money.
  if (
    auth.mode === 'dev' &&
    upstream.mode === 'remote' &&
    describeEnvironment({ upstream, environmentName: e.ENVIRONMENT_NAME }).kind !== 'sandbox'
  ) {
    throw new ConfigError(
      'AUTH_MODE',
      `is dev (the default), which is refused with a production upstream (${new URL(upstream.baseUrl).host}): set AUTH_MODE=trusted-header or AUTH_MODE=jwt (docs/sso.md), or unset UPSTREAM_BASE_URL for the local upstream`,
    );
  }

  const approvalPolicy = loadApprovalPolicy(e, upstream);

  return {
    port: e.PORT,
    host: e.HOST,
    upstream,
    environmentName: e.ENVIRONMENT_NAME,
    auth,
    roleGroups,
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
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    webDir: e.WEB_DIR,
    publicOrigin: e.PUBLIC_ORIGIN === undefined ? undefined : new URL(e.PUBLIC_ORIGIN).origin,
    trustedProxyAddresses: proxyAddresses,
    ...(e.METRICS_PORT === undefined
      ? {}
      : { metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST } }),
    approvalPolicy,
    approvalAttribution: e.APPROVAL_ATTRIBUTION,
    ...(e.APPROVAL_WEBHOOK_URL ? { approvalWebhookUrl: e.APPROVAL_WEBHOOK_URL } : {}),
  };
}

/**
 * Four eyes is secure by default: in front of a real upstream the policy must be stated (even
 * "none"); only local mode falls back to the demo policy that shows every path.
 */
function loadApprovalPolicy(
  e: { APPROVAL_POLICY?: string; APPROVAL_POLICY_FILE?: string },
  upstream: UpstreamConfig,
): ApprovalPolicy {
  if (e.APPROVAL_POLICY && e.APPROVAL_POLICY_FILE)
    throw new ConfigError('APPROVAL_POLICY_FILE', 'and APPROVAL_POLICY are both set: give one');
  const [variable, read] = e.APPROVAL_POLICY
    ? ['APPROVAL_POLICY', () => parseApprovalPolicy(e.APPROVAL_POLICY!)]
    : e.APPROVAL_POLICY_FILE
      ? ['APPROVAL_POLICY_FILE', () => readApprovalPolicyFile(e.APPROVAL_POLICY_FILE!)]
      : [undefined, undefined];
  if (!variable || !read) {
    if (upstream.mode === 'local') return LOCAL_DEMO_APPROVAL_POLICY;
    throw new ConfigError(
      'APPROVAL_POLICY',
      'is required when UPSTREAM_BASE_URL is set: set APPROVAL_POLICY (JSON, or "none") or APPROVAL_POLICY_FILE',
    );
  }
  try {
    return read();
  } catch (error) {
    if (error instanceof ApprovalPolicyError) throw new ConfigError(variable, error.message);
    throw error;
  }
}

/** The environment banner: "Local sandbox", or Sandbox/Production from the URL, or ENVIRONMENT_NAME. */
export function describeEnvironment(
  config: Pick<Config, 'upstream' | 'environmentName'>,
): Environment {
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

export const DEV_OPERATOR_ROLES: Role[] = [...ROLES];

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeEnvironment, ENV_VARIABLES, loadConfig } from './config';

const remote = {
  UPSTREAM_BASE_URL: 'https://api.sandbox.paxos.com/v2',
  UPSTREAM_TOKEN_URL: 'https://oauth.sandbox.paxos.com/oauth2/token',
  UPSTREAM_CLIENT_ID: 'client-1',
  UPSTREAM_CLIENT_SECRET: 'secret-1',
  APPROVAL_POLICY: 'none',
};

/** An SSO mode, so that a production upstream is allowed (AUTH_MODE=dev is not, see below). */
const sso = {
  AUTH_MODE: 'trusted-header',
  TRUSTED_PROXY_ADDRESSES: '10.0.0.1',
  ROLE_GROUPS: 'viewer=ops',
  PUBLIC_ORIGIN: 'https://ops.example.com',
};

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has defaults for everything but secrets, and no upstream means the local sandbox', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.auth).toEqual({ mode: 'dev' });
    expect(config.upstream).toEqual({ mode: 'local' });
    expect(config.writeRateLimitPerMinute).toBe(30);
    expect(describeEnvironment(config)).toEqual({
      kind: 'local',
      name: 'Local sandbox',
      allow_testnet: true,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ AUTH_MODE: 'magic' }, 'AUTH_MODE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ UPSTREAM_BASE_URL: 'ftp://example.com' }, 'UPSTREAM_BASE_URL'],
    [{ UPSTREAM_BASE_URL: remote.UPSTREAM_BASE_URL }, 'UPSTREAM_TOKEN_URL'],
    [{ ...remote, UPSTREAM_CLIENT_ID: '' }, 'UPSTREAM_CLIENT_ID'],
    [{ ...remote, UPSTREAM_CLIENT_SECRET: '' }, 'UPSTREAM_CLIENT_SECRET'],
    [{ UPSTREAM_CLIENT_ID: 'half-configured' }, 'UPSTREAM_BASE_URL'],
    [{ AUTH_MODE: 'trusted-header', ROLE_GROUPS: 'viewer=a' }, 'TRUSTED_PROXY_ADDRESSES'],
    [
      {
        AUTH_MODE: 'trusted-header',
        TRUSTED_PROXY_ADDRESSES: 'proxy.local',
        ROLE_GROUPS: 'viewer=a',
      },
      'TRUSTED_PROXY_ADDRESSES',
    ],
    [{ AUTH_MODE: 'trusted-header', TRUSTED_PROXY_ADDRESSES: '10.0.0.1' }, 'ROLE_GROUPS'],
    [{ ...sso, PUBLIC_ORIGIN: '' }, 'PUBLIC_ORIGIN'],
    [{ ...sso, TRUSTED_PROXY_ADDRESSES: '10.0.0.1,proxy' }, 'TRUSTED_PROXY_ADDRESSES'],
    [{ TRUSTED_PROXY_ADDRESSES: 'lb.internal' }, 'TRUSTED_PROXY_ADDRESSES'],
    [{ METRICS_PORT: 'nine' }, 'METRICS_PORT'],
    [{ AUTH_MODE: 'jwt', ROLE_GROUPS: 'viewer=a' }, 'JWT_HEADER'],
    [
      {
        AUTH_MODE: 'jwt',
        JWT_HEADER: 'cf-access-jwt-assertion',
        JWT_JWKS_URL: 'https://team.cloudflareaccess.com/cdn-cgi/access/certs',
        JWT_ISSUER: 'https://team.cloudflareaccess.com',
        JWT_AUDIENCE: 'aud-tag',
        JWT_ALGORITHMS: 'HS256',
        ROLE_GROUPS: 'viewer=a',
      },
      'JWT_ALGORITHMS',
    ],
    [{ ROLE_GROUPS: 'admin=ops' }, 'ROLE_GROUPS'],
    [{ WRITE_RATE_LIMIT_PER_MINUTE: '0' }, 'WRITE_RATE_LIMIT_PER_MINUTE'],
    [{ EXPORT_MAX_PAGES: 'lots' }, 'EXPORT_MAX_PAGES'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
  ])('refuses %j with one line naming %s', (env, variable) => {
    const error = configError(env as Record<string, string>);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
    expect(error.message).not.toContain('\n');
  });

  it('reads the secret from UPSTREAM_CLIENT_SECRET_FILE, trimmed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aoc-secret-'));
    const file = join(dir, 'secret');
    writeFileSync(file, 'from-a-file\n');
    const { UPSTREAM_CLIENT_SECRET: _drop, ...rest } = remote;
    const config = loadConfig({ ...rest, UPSTREAM_CLIENT_SECRET_FILE: file });
    expect(config.upstream).toMatchObject({ mode: 'remote', clientSecret: 'from-a-file' });
    expect(describeEnvironment(config)).toMatchObject({ kind: 'sandbox', name: 'Sandbox' });

    const missing = configError({ ...rest, UPSTREAM_CLIENT_SECRET_FILE: join(dir, 'nope') });
    expect(missing.variable).toBe('UPSTREAM_CLIENT_SECRET_FILE');
    expect(configError({ ...remote, UPSTREAM_CLIENT_SECRET_FILE: file }).variable).toBe(
      'UPSTREAM_CLIENT_SECRET_FILE',
    );
  });

  it('names production from the URL, or ENVIRONMENT_NAME', () => {
    const production = loadConfig({
      ...remote,
      ...sso,
      UPSTREAM_BASE_URL: 'https://api.paxos.com/v2',
      UPSTREAM_TOKEN_URL: 'https://oauth.paxos.com/oauth2/token',
    });
    expect(describeEnvironment(production)).toEqual({
      kind: 'production',
      name: 'Production',
      allow_testnet: false,
    });
    expect(
      describeEnvironment(loadConfig({ ...remote, ENVIRONMENT_NAME: 'EU sandbox' })).name,
    ).toBe('EU sandbox');
  });

  it('an IP address is production unless it is this machine or the environment is named a sandbox', () => {
    const at = (baseUrl: string, name?: string) =>
      describeEnvironment({
        upstream: {
          mode: 'remote',
          baseUrl,
          tokenUrl: `${baseUrl}/oauth2/token`,
          clientId: 'client-1',
          clientSecret: 'secret-1',
        },
        environmentName: name,
      }).kind;
    expect(at('http://10.0.0.7/v2')).toBe('production');
    expect(at('http://[2001:db8::7]/v2')).toBe('production');
    expect(at('http://10.0.0.7/v2', 'EU sandbox')).toBe('sandbox');
    expect(at('http://127.0.0.1:4010/v2')).toBe('sandbox');
    expect(at('http://[::1]:4010/v2')).toBe('sandbox');
    expect(at('http://localhost:4010/v2')).toBe('sandbox');
    expect(at('https://api.sandbox.paxos.com/v2')).toBe('sandbox');
    expect(at('https://api.paxos.com/v2')).toBe('production');
    // A name alone does not make a DNS name that looks like production a sandbox.
    expect(at('https://api.paxos.com/v2', 'sandbox')).toBe('production');
    // Dev identity is refused in front of an IP upstream nobody called a sandbox.
    expect(
      configError({
        ...remote,
        UPSTREAM_BASE_URL: 'http://10.0.0.7/v2',
        UPSTREAM_TOKEN_URL: 'http://10.0.0.7/oauth2/token',
      }).variable,
    ).toBe('AUTH_MODE');
  });

  it('a name that says production makes it production, whatever the URL looks like', () => {
    const named = loadConfig({
      ...remote,
      ...sso,
      UPSTREAM_BASE_URL: 'http://10.0.0.7/v2',
      UPSTREAM_TOKEN_URL: 'http://10.0.0.7/oauth2/token',
      ENVIRONMENT_NAME: 'Production (EU)',
    });
    expect(describeEnvironment(named)).toEqual({
      kind: 'production',
      name: 'Production (EU)',
      allow_testnet: false,
    });
  });

  it('refuses AUTH_MODE=dev (the default) in front of a production upstream, with one line saying what to set', () => {
    const production = {
      ...remote,
      UPSTREAM_BASE_URL: 'https://api.paxos.com/v2',
      UPSTREAM_TOKEN_URL: 'https://oauth.paxos.com/oauth2/token',
    };
    for (const env of [
      production,
      { ...production, AUTH_MODE: 'dev' },
      // A name that says production wins over a URL that looks like a test host.
      { ...remote, ENVIRONMENT_NAME: 'Production EU' },
    ]) {
      const error = configError(env);
      expect(error.variable).toBe('AUTH_MODE');
      expect(error.message).toMatch(/AUTH_MODE=trusted-header, jwt or oidc/);
      expect(error.message).not.toContain('\n');
      expect(error.message).not.toContain(remote.UPSTREAM_CLIENT_SECRET);
    }
    // The local upstream and an upstream the environment calls a sandbox keep dev mode.
    expect(loadConfig({}).auth.mode).toBe('dev');
    expect(loadConfig(remote).auth.mode).toBe('dev');
    expect(loadConfig({ ...production, ...sso }).auth.mode).toBe('trusted-header');
  });

  it('PUBLIC_ORIGIN is required behind SSO and kept as an origin; metrics get their own listener only when asked', () => {
    for (const mode of [
      sso,
      {
        AUTH_MODE: 'jwt',
        JWT_HEADER: 'x-goog-iap-jwt-assertion',
        JWT_JWKS_URL: 'https://www.gstatic.com/iap/verify/public_key-jwk',
        JWT_ISSUER: 'https://cloud.google.com/iap',
        JWT_AUDIENCE: '/projects/1/global/backendServices/2',
        ROLE_GROUPS: 'viewer=ops',
      },
    ]) {
      const { PUBLIC_ORIGIN: _drop, ...without } = mode as Record<string, string>;
      const error = configError(without);
      expect(error.variable).toBe('PUBLIC_ORIGIN');
      expect(error.message).toMatch(/is required when AUTH_MODE=/);
    }
    const config = loadConfig({ ...sso, PUBLIC_ORIGIN: 'https://ops.example.com/console/' });
    expect(config.publicOrigin).toBe('https://ops.example.com');
    expect(config.trustedProxyAddresses).toEqual(['10.0.0.1']);
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
  });

  it('the server stops with one line naming the variable, and never prints a secret', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
      env: {
        PATH: process.env.PATH,
        ...remote,
        UPSTREAM_CLIENT_SECRET: 'very-secret-value',
        PORT: 'not-a-port',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: PORT /);
    expect(result.stderr + result.stdout).not.toContain('very-secret-value');
  });

  it('the server refuses AUTH_MODE=dev with a production upstream: one line saying what to set', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
      env: {
        PATH: process.env.PATH,
        ...remote,
        UPSTREAM_BASE_URL: 'https://api.paxos.com/v2',
        UPSTREAM_TOKEN_URL: 'https://oauth.paxos.com/oauth2/token',
        UPSTREAM_CLIENT_SECRET: 'very-secret-value',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Configuration error: AUTH_MODE is dev .* set AUTH_MODE=trusted-header/,
    );
    expect(result.stderr + result.stdout).not.toContain('very-secret-value');
  });

  it('the README documents every variable and no other', () => {
    const doc = readFileSync('README.md', 'utf8');
    const documented = new Set([...doc.matchAll(/^\|\s*`([A-Z_]+)`\s*\|/gm)].map((m) => m[1]));
    expect([...documented].sort()).toEqual([...ENV_VARIABLES].sort());
  });
});

describe('APPROVAL_POLICY', () => {
  const policy = JSON.stringify({
    withdrawals: { require: 'tiers', tiers: [{ asset: 'BTC', above: '0.5', approvals: 2 }] },
    addresses: { new_addresses: true, travel_rule_changes: false },
  });

  it('local mode defaults to the demo policy; inline JSON, "none" and a file are read', () => {
    expect(loadConfig({}).approvalPolicy.withdrawals.require).toBe('tiers');
    expect(loadConfig({}).approvalPolicy.addresses.new_addresses).toBe(true);
    const inline = loadConfig({ APPROVAL_POLICY: policy }).approvalPolicy;
    expect(inline.withdrawals.tiers).toEqual([{ asset: 'BTC', above: '0.5', approvals: 2 }]);
    expect(inline.request_ttl_minutes).toBe(24 * 60);
    expect(loadConfig({ APPROVAL_POLICY: 'none' }).approvalPolicy.withdrawals.require).toBe(
      'never',
    );
    const file = join(mkdtempSync(join(tmpdir(), 'aoc-policy-')), 'policy.json');
    writeFileSync(file, policy);
    expect(loadConfig({ APPROVAL_POLICY_FILE: file }).approvalPolicy).toEqual(inline);
    expect(loadConfig({ APPROVAL_ATTRIBUTION: 'email' }).approvalAttribution).toBe('email');
    expect(loadConfig({}).approvalAttribution).toBe('subject');
  });

  it('outside local mode a policy must be given', () => {
    const { APPROVAL_POLICY: _none, ...withoutPolicy } = remote;
    const error = configError(withoutPolicy);
    expect(error.variable).toBe('APPROVAL_POLICY');
    expect(error.message).toMatch(/APPROVAL_POLICY_FILE/);
    expect(loadConfig({ ...withoutPolicy, APPROVAL_POLICY: policy }).approvalPolicy).toEqual(
      loadConfig({ APPROVAL_POLICY: policy }).approvalPolicy,
    );
  });

  it('a bad policy stops the start with one line naming the variable and the field', () => {
    expect(configError({ APPROVAL_POLICY: '{nope' }).message).toBe(
      'Configuration error: APPROVAL_POLICY is not JSON (or "none")',
    );
    const three = configError({
      APPROVAL_POLICY: policy.replace('"approvals":2', '"approvals":3'),
    });
    expect(three.variable).toBe('APPROVAL_POLICY');
    expect(three.message).toMatch(/at withdrawals\.tiers\.0\.approvals/);
    expect(
      configError({ APPROVAL_POLICY: '{"withdrawals":{"require":"always"}}' }).message,
    ).toMatch(/at addresses/);
    expect(configError({ APPROVAL_POLICY_FILE: '/no/such/file.json' }).message).toMatch(
      /APPROVAL_POLICY_FILE cannot be read \(ENOENT\)/,
    );
    expect(configError({ APPROVAL_POLICY: 'none', APPROVAL_POLICY_FILE: '/x' }).variable).toBe(
      'APPROVAL_POLICY_FILE',
    );
    expect(configError({ APPROVAL_WEBHOOK_URL: 'ftp://x' }).variable).toBe('APPROVAL_WEBHOOK_URL');
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const oidc = {
  AUTH_MODE: 'oidc',
  OIDC_ISSUER: 'https://login.example.com/realms/ops',
  OIDC_CLIENT_ID: 'asset-ops-console',
  OIDC_CLIENT_SECRET: 'client-secret-1',
  ROLE_GROUPS: 'viewer=ops',
  PUBLIC_ORIGIN: 'https://ops.example.com',
};

function errorOf(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('AUTH_MODE=oidc configuration', () => {
  it('has defaults for scopes, the groups claim and the session lifetimes; the redirect URI is PUBLIC_ORIGIN + /auth/callback', () => {
    const { auth } = loadConfig(oidc);
    expect(auth).toEqual({
      mode: 'oidc',
      issuer: 'https://login.example.com/realms/ops',
      clientId: 'asset-ops-console',
      clientSecret: 'client-secret-1',
      scopes: ['openid', 'profile', 'email'],
      groupsClaim: 'groups',
      redirectUri: 'https://ops.example.com/auth/callback',
      publicOrigin: 'https://ops.example.com',
      sessionIdleMs: 60 * 60_000,
      sessionMaxMs: 12 * 3_600_000,
    });
    const tuned = loadConfig({
      ...oidc,
      OIDC_SCOPES: 'openid email groups',
      SESSION_IDLE_MINUTES: '15',
      SESSION_MAX_HOURS: '8',
    }).auth;
    expect(tuned).toMatchObject({
      scopes: ['openid', 'email', 'groups'],
      sessionIdleMs: 15 * 60_000,
      sessionMaxMs: 8 * 3_600_000,
    });
  });

  it('reads the client secret from OIDC_CLIENT_SECRET_FILE', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'oidc-')), 'secret');
    writeFileSync(file, 'from-a-file\n');
    const { OIDC_CLIENT_SECRET: _, ...rest } = oidc;
    expect(loadConfig({ ...rest, OIDC_CLIENT_SECRET_FILE: file }).auth).toMatchObject({
      clientSecret: 'from-a-file',
    });
  });

  it.each([
    [
      { OIDC_ISSUER: undefined },
      /^Configuration error: OIDC_ISSUER is required when AUTH_MODE=oidc/,
    ],
    [
      { OIDC_ISSUER: 'http://login.example.com' },
      /^Configuration error: OIDC_ISSUER must be https:\/\//,
    ],
    [
      { OIDC_CLIENT_ID: undefined },
      /^Configuration error: OIDC_CLIENT_ID is required when AUTH_MODE=oidc/,
    ],
    [
      { OIDC_CLIENT_SECRET: undefined },
      /^Configuration error: OIDC_CLIENT_SECRET is required when AUTH_MODE=oidc \(or OIDC_CLIENT_SECRET_FILE\)/,
    ],
    [
      { OIDC_CLIENT_SECRET_FILE: '/nonexistent/secret' },
      /^Configuration error: OIDC_CLIENT_SECRET_FILE and OIDC_CLIENT_SECRET are both set/,
    ],
    [
      { PUBLIC_ORIGIN: undefined },
      /^Configuration error: PUBLIC_ORIGIN is required when AUTH_MODE=oidc/,
    ],
    [
      { PUBLIC_ORIGIN: 'http://ops.example.com' },
      /^Configuration error: PUBLIC_ORIGIN must be https:\/\/ when AUTH_MODE=oidc/,
    ],
    [
      { ROLE_GROUPS: undefined },
      /^Configuration error: ROLE_GROUPS is required when AUTH_MODE=oidc/,
    ],
    [{ OIDC_SCOPES: 'profile email' }, /^Configuration error: OIDC_SCOPES has no "openid"/],
    [{ SESSION_IDLE_MINUTES: '0' }, /^Configuration error: SESSION_IDLE_MINUTES is invalid/],
  ])('refuses %o with one line saying what to set', (change, message) => {
    const text = errorOf({ ...oidc, ...change });
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
    expect(text).not.toContain('client-secret-1');
  });

  it('accepts http only for a loopback issuer and console (a local provider, tests)', () => {
    const local = loadConfig({
      ...oidc,
      OIDC_ISSUER: 'http://127.0.0.1:9090',
      PUBLIC_ORIGIN: 'http://localhost:8080',
    }).auth;
    expect(local).toMatchObject({
      issuer: 'http://127.0.0.1:9090',
      redirectUri: 'http://localhost:8080/auth/callback',
    });
  });
});

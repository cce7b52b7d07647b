import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { list, refuse, requiredWhen } from '#bff/lib/env-rules';
import { isLoopbackHost } from '../http/peer-address';

// AUTH_MODE=oidc: the BFF is the OpenID Connect client itself (docs/sso.md). Its variables' rules;
// auth-config.ts adds the member to AuthSchema.

/** OIDC_ISSUER: https, or http on a loopback host only (a local provider, tests). */
const issuerUrl = (value: string | undefined, ctx: z.RefinementCtx): string => {
  if (value === undefined)
    return refuse(
      ctx,
      'is required when AUTH_MODE=oidc (e.g. https://login.example.com)',
      'OIDC_ISSUER',
    );
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse(ctx, "must be an https:// URL (the provider's issuer)", 'OIDC_ISSUER');
  }
  if (url.protocol === 'https:') return value;
  if (url.protocol === 'http:' && isLoopbackHost(url.host)) return value;
  return refuse(
    ctx,
    `must be https:// (http:// only on a loopback host such as 127.0.0.1), not ${url.protocol}//${url.host}`,
    'OIDC_ISSUER',
  );
};

function clientSecret(
  e: { OIDC_CLIENT_SECRET?: string | undefined; OIDC_CLIENT_SECRET_FILE?: string | undefined },
  ctx: z.RefinementCtx,
): string {
  if (e.OIDC_CLIENT_SECRET && e.OIDC_CLIENT_SECRET_FILE)
    return refuse(ctx, 'and OIDC_CLIENT_SECRET are both set: give one', 'OIDC_CLIENT_SECRET_FILE');
  if (e.OIDC_CLIENT_SECRET_FILE) {
    let secret: string;
    try {
      secret = readFileSync(e.OIDC_CLIENT_SECRET_FILE, 'utf8').trim();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      return refuse(ctx, `cannot be read (${code})`, 'OIDC_CLIENT_SECRET_FILE');
    }
    if (secret === '') return refuse(ctx, 'names an empty file', 'OIDC_CLIENT_SECRET_FILE');
    return secret;
  }
  if (e.OIDC_CLIENT_SECRET) return e.OIDC_CLIENT_SECRET;
  return refuse(
    ctx,
    'is required when AUTH_MODE=oidc (or OIDC_CLIENT_SECRET_FILE): the client secret the provider issued',
    'OIDC_CLIENT_SECRET',
  );
}

export const OidcAuth = z
  .object({
    AUTH_MODE: z.literal('oidc'),
    OIDC_ISSUER: z.string().optional(),
    OIDC_CLIENT_ID: requiredWhen<string>('AUTH_MODE=oidc: the client id the provider issued'),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_CLIENT_SECRET_FILE: z.string().optional(),
    OIDC_SCOPES: z.string(),
    OIDC_GROUPS_CLAIM: z.string(),
    SESSION_IDLE_MINUTES: z.number(),
    SESSION_MAX_HOURS: z.number(),
    ROLE_GROUPS: requiredWhen<unknown>(
      'AUTH_MODE=oidc (e.g. viewer=ops-viewers;withdrawal-initiator=ops-treasury)',
    ),
    // The redirect URI is PUBLIC_ORIGIN + /auth/callback, and the CSRF check compares with it.
    PUBLIC_ORIGIN: requiredWhen<string>(
      'AUTH_MODE=oidc: the origin operators open, e.g. https://ops.example.com (the redirect URI is it + /auth/callback)',
    ),
  })
  .transform((e, ctx) => {
    const issuer = issuerUrl(e.OIDC_ISSUER, ctx);
    const origin = new URL(e.PUBLIC_ORIGIN);
    // The session cookie is __Host- (Secure): a browser keeps it only over https, or on localhost.
    if (origin.protocol !== 'https:' && !isLoopbackHost(origin.host))
      return refuse(
        ctx,
        'must be https:// when AUTH_MODE=oidc (the session cookie is Secure); http:// only on a loopback host',
        'PUBLIC_ORIGIN',
      );
    const scopes = list(e.OIDC_SCOPES.replaceAll(' ', ','));
    if (!scopes.includes('openid'))
      return refuse(ctx, `has no "openid": use e.g. "openid profile email"`, 'OIDC_SCOPES');
    return {
      mode: e.AUTH_MODE,
      issuer,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: clientSecret(e, ctx),
      scopes,
      groupsClaim: e.OIDC_GROUPS_CLAIM,
      redirectUri: `${e.PUBLIC_ORIGIN}/auth/callback`,
      publicOrigin: e.PUBLIC_ORIGIN,
      sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
      sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    };
  });

export type OidcAuthConfig = z.output<typeof OidcAuth>;

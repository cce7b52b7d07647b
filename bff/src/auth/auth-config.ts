import { isIP } from 'node:net';
import { z } from 'zod';
import { ROLES, type Role } from '#contract/session';
import { list, optionalText, refuse, requiredWhen } from '#bff/lib/env-rules';
import { OidcAuth } from './oidc-config';

// Who is calling, as configured: AUTH_MODE picks one member of AuthSchema, and each member
// requires what its mode needs. The variables' own rules (TRUSTED_PROXY_ADDRESSES, ROLE_GROUPS)
// sit beside it; bff/src/config.ts composes them into the whole configuration.

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

/** TRUSTED_PROXY_ADDRESSES: `10.0.0.1,10.0.0.2` → addresses; a name is refused. */
export const ProxyAddressesVariable = optionalText.transform((value, ctx) => {
  const addresses = list(value ?? '');
  const bad = addresses.find((a) => isIP(a) === 0);
  if (bad) return refuse(ctx, `has "${bad}", which is not an IP address`);
  return addresses;
});

type RoleGroups = Record<Role, string[]>;

export function noRoleGroups(): RoleGroups {
  return Object.fromEntries(ROLES.map((role) => [role, [] as string[]])) as RoleGroups;
}

/** ROLE_GROUPS: `viewer=ops-viewers,ops-admins;address-editor=ops-admins` → role → groups. */
export const RoleGroupsVariable = optionalText.transform((value, ctx) => {
  if (value === undefined) return undefined;
  const result = noRoleGroups();
  for (const entry of value
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = entry.indexOf('=');
    const role = eq < 0 ? entry : entry.slice(0, eq).trim();
    if (eq < 0 || !(ROLES as readonly string[]).includes(role)) {
      const use = `use role=group,group;role=group with roles ${ROLES.join(', ')}`;
      return refuse(ctx, `has "${entry}": ${use}`);
    }
    result[role as Role].push(...list(entry.slice(eq + 1)));
  }
  return result;
});

/** What every SSO mode needs beside its own variables. */
const ssoNeeds = (mode: string) => ({
  ROLE_GROUPS: requiredWhen<RoleGroups>(
    `AUTH_MODE=${mode} (e.g. viewer=ops-viewers;withdrawal-initiator=ops-treasury)`,
  ),
  // Behind an SSO proxy the Host the BFF sees is whatever the proxy forwards, so the CSRF Origin
  // check needs the public origin to compare with (it never trusts the request's own Host).
  PUBLIC_ORIGIN: requiredWhen<string>(
    `AUTH_MODE=${mode}: the origin operators open, e.g. https://ops.example.com`,
  ),
});

const TrustedHeaderAuth = z
  .object({
    AUTH_MODE: z.literal('trusted-header'),
    TRUSTED_PROXY_ADDRESSES: requiredWhen<string[]>('AUTH_MODE=trusted-header'),
    TRUSTED_HEADER_USER: z.string(),
    TRUSTED_HEADER_EMAIL: z.string(),
    TRUSTED_HEADER_GROUPS: z.string(),
    TRUSTED_HEADER_NAME: z.string(),
    ...ssoNeeds('trusted-header'),
  })
  .transform((e) => ({
    mode: e.AUTH_MODE,
    proxyAddresses: e.TRUSTED_PROXY_ADDRESSES,
    userHeader: e.TRUSTED_HEADER_USER,
    emailHeader: e.TRUSTED_HEADER_EMAIL,
    groupsHeader: e.TRUSTED_HEADER_GROUPS,
    nameHeader: e.TRUSTED_HEADER_NAME,
  }));

const jwtAlgorithms = z.string().transform((value, ctx) => {
  const algorithms = list(value);
  const bad = algorithms.find((a) => !(JWT_ALGORITHMS as readonly string[]).includes(a));
  if (bad !== undefined || algorithms.length === 0) {
    const among = `use asymmetric algorithms among ${JWT_ALGORITHMS.join(', ')}`;
    return refuse(ctx, `has "${bad ?? ''}": ${among}`);
  }
  return algorithms;
});

const JwtAuth = z
  .object({
    AUTH_MODE: z.literal('jwt'),
    JWT_HEADER: requiredWhen<string>('AUTH_MODE=jwt'),
    JWT_JWKS_URL: requiredWhen<string>('AUTH_MODE=jwt'),
    JWT_ISSUER: requiredWhen<string>('AUTH_MODE=jwt'),
    JWT_AUDIENCE: z.string().optional(),
    JWT_SIGNER: z.string().optional(),
    JWT_ALGORITHMS: jwtAlgorithms,
    JWT_GROUPS_CLAIM: z.string(),
    JWT_CLOCK_TOLERANCE_SECONDS: z.number(),
    ...ssoNeeds('jwt'),
  })
  .superRefine((e, ctx) => {
    if (!e.JWT_AUDIENCE && !e.JWT_SIGNER) {
      const message = 'is required when AUTH_MODE=jwt (or JWT_SIGNER for AWS ALB)';
      refuse(ctx, message, 'JWT_AUDIENCE');
    } else if (e.JWT_JWKS_URL.includes('{kid}') && !e.JWT_SIGNER) {
      const message = 'is required when JWT_JWKS_URL has {kid} (AWS ALB): the load balancer ARN';
      refuse(ctx, message, 'JWT_SIGNER');
    }
  })
  .transform((e) => ({
    mode: e.AUTH_MODE,
    header: e.JWT_HEADER,
    /** A JWKS URL, or a per-key PEM URL with `{kid}` in it (AWS ALB). */
    jwksUrl: e.JWT_JWKS_URL,
    issuer: e.JWT_ISSUER,
    /** Empty only when `signer` is set (AWS ALB assertions carry no `aud`). */
    audience: e.JWT_AUDIENCE ? list(e.JWT_AUDIENCE) : [],
    /** AWS ALB: the load balancer's ARN, which must equal the assertion header's `signer`. */
    ...(e.JWT_SIGNER ? { signer: e.JWT_SIGNER } : {}),
    algorithms: e.JWT_ALGORITHMS,
    groupsClaim: e.JWT_GROUPS_CLAIM,
    clockToleranceSeconds: e.JWT_CLOCK_TOLERANCE_SECONDS,
  }));

/** One member per AUTH_MODE (over the parsed environment), each requiring what its mode needs. */
export const AuthSchema = z.discriminatedUnion('AUTH_MODE', [
  z.object({ AUTH_MODE: z.literal('dev') }).transform((e) => ({ mode: e.AUTH_MODE })),
  TrustedHeaderAuth,
  JwtAuth,
  OidcAuth,
]);

export type AuthConfig = z.output<typeof AuthSchema>;

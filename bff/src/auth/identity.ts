import type { RequestHandler } from 'express';
import type { JWTPayload } from 'jose';
import { ROLES, type Role } from '../../../contract/session';
import type { AuthConfig } from '../config';
import { assertionKeys } from './assertion-keys';
import { HttpProblem } from '../http/http-problem';
import type { Logger } from '../logger';
import { setOperator, type Operator } from './operator';
import { cachedAssertionVerifier } from './verified-assertions';

export const DEV_OPERATOR: Operator = {
  subject: 'local-operator',
  name: 'Local operator',
  email: 'operator@localhost',
  roles: [...ROLES],
};

const unauthorized = (detail: string) =>
  new HttpProblem({ title: 'Unauthorized', status: 401, detail });

/** "::ffff:127.0.0.1" and "127.0.0.1" are the same peer. */
export function normalizeAddress(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

export function isLoopback(address: string | undefined): boolean {
  const a = normalizeAddress(address);
  return a === '::1' || a.startsWith('127.') || a === 'localhost';
}

export function rolesFromGroups(
  groups: readonly string[],
  roleGroups: Record<Role, string[]>,
): Role[] {
  const have = new Set(groups);
  return ROLES.filter((role) => roleGroups[role].some((group) => have.has(group)));
}

function splitGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  if (typeof value === 'string')
    return value
      .split(',')
      .map((g) => g.trim())
      .filter(Boolean);
  return [];
}

/** A claim by name, or by dotted path for nested claims (Cloudflare Access: `custom.groups`). */
export function claimAt(payload: JWTPayload, name: string): unknown {
  if (name in payload) return payload[name];
  let value: unknown = payload;
  for (const part of name.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part))
      return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function header(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v && v.trim() ? v.trim() : undefined;
}

/**
 * AUTH_MODE=dev only: `X-Dev-Roles: viewer,address-editor` narrows the dev operator's roles to
 * the intersection, so end-to-end tests can play an operator without some role. It never widens
 * (unknown names are ignored), and the other modes never read the header.
 */
export function narrowDevRoles(
  operator: Operator,
  header: string | string[] | undefined,
): Operator {
  if (header === undefined) return operator;
  const asked = new Set(
    (Array.isArray(header) ? header.join(',') : header)
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
  );
  return { ...operator, roles: operator.roles.filter((role) => asked.has(role)) };
}

/**
 * Who is calling. Sets the operator (res.locals) or answers 401 problem+json (never a redirect:
 * the SPA explains it). One middleware per AUTH_MODE.
 */
export function createIdentityMiddleware(
  auth: AuthConfig,
  roleGroups: Record<Role, string[]>,
  logger: Logger,
): RequestHandler {
  switch (auth.mode) {
    case 'dev':
      return (req, res, next) => {
        // The dev operator has every role: only ever for a BFF reachable from this machine alone.
        if (!isLoopback(req.socket.localAddress))
          throw unauthorized('AUTH_MODE=dev is accepted only on a loopback listener.');
        setOperator(res, narrowDevRoles(DEV_OPERATOR, req.headers['x-dev-roles']));
        next();
      };
    case 'trusted-header': {
      const proxies = new Set(auth.proxyAddresses.map(normalizeAddress));
      return (req, res, next) => {
        const peer = normalizeAddress(req.socket.remoteAddress);
        if (!proxies.has(peer)) {
          // Identity headers from anyone but the SSO proxy are spoofable: ignore them entirely.
          logger.warn(
            { peer },
            'request with identity from an address that is not a trusted proxy',
          );
          throw unauthorized('Sign in through the SSO proxy.');
        }
        const user = header(req.headers[auth.userHeader]);
        const email = header(req.headers[auth.emailHeader]);
        const subject = user ?? email;
        if (!subject) throw unauthorized('The SSO proxy sent no identity.');
        const groups = splitGroups(header(req.headers[auth.groupsHeader]));
        setOperator(res, {
          subject,
          name: header(req.headers[auth.nameHeader]) ?? user ?? subject,
          ...(email ? { email } : {}),
          roles: rolesFromGroups(groups, roleGroups),
        });
        next();
      };
    }
    case 'jwt': {
      const keys = assertionKeys(auth.jwksUrl);
      // Accepted assertions are remembered until they expire (verified-assertions.ts).
      const verifyAssertion = cachedAssertionVerifier();
      return (req, res, next) => {
        const token = header(req.headers[auth.header]);
        if (!token) throw unauthorized('Sign in through SSO: the identity assertion is missing.');
        let payload: JWTPayload;
        verifyAssertion(token, keys, {
          issuer: auth.issuer,
          ...(auth.audience.length > 0 ? { audience: auth.audience } : {}),
          algorithms: auth.algorithms,
          clockTolerance: auth.clockToleranceSeconds,
          requiredClaims: ['exp', 'sub'],
        }).then(
          (verified) => {
            // AWS ALB: the assertion names the load balancer that signed it; only ours counts.
            if (auth.signer !== undefined && verified.protectedHeader.signer !== auth.signer) {
              logger.warn({ code: 'ERR_SIGNER_MISMATCH' }, 'identity assertion refused');
              next(unauthorized('The identity assertion is not valid. Sign in again.'));
              return;
            }
            payload = verified.payload;
            const email = typeof payload.email === 'string' ? payload.email : undefined;
            const name = typeof payload.name === 'string' ? payload.name : undefined;
            setOperator(res, {
              subject: payload.sub!,
              name: name ?? email ?? payload.sub!,
              ...(email ? { email } : {}),
              roles: rolesFromGroups(splitGroups(claimAt(payload, auth.groupsClaim)), roleGroups),
            });
            next();
          },
          (error: { code?: string }) => {
            logger.warn({ code: error.code }, 'identity assertion refused');
            next(unauthorized('The identity assertion is not valid. Sign in again.'));
          },
        );
      };
    }
  }
}

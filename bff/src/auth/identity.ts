import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { JWTPayload, JWTVerifyResult } from 'jose';
import { unsafeTextReason } from '#contract/safe-text';
import { ROLES, type Role } from '#contract/session';
import type { AuthConfig } from './auth-config';
import { assertionKeys } from './assertion-keys';
import { HttpProblem } from '../http/http-problem';
import type { Logger } from '../logger';
import { setOperator, type Operator } from './operator';
import { operatorMemo } from './operator-memo';
import { isLoopback, normalizeAddress } from '../http/peer-address';
import { cachedAssertionVerifier } from './verified-assertions';

const DEV_OPERATOR: Operator = {
  subject: 'local-operator',
  name: 'Local operator',
  email: 'operator@localhost',
  roles: [...ROLES],
};

/**
 * AUTH_MODE=dev only: the local operators a developer may act as, chosen per request with the
 * `X-Dev-Operator` header, so a second person's approval can be tried on one machine. Three, so
 * that a tier needing two approvals besides the initiator's request can be finished too. Every
 * role, still narrowed by X-Dev-Roles. The other modes never read the header.
 */
export const DEV_OPERATORS: ReadonlyArray<Operator & { id: string }> = [
  { id: 'local-operator', ...DEV_OPERATOR },
  {
    id: 'second-operator',
    subject: 'local-operator-2',
    name: 'Second local operator',
    email: 'operator2@localhost',
    roles: [...ROLES],
  },
  {
    id: 'third-operator',
    subject: 'local-operator-3',
    name: 'Third local operator',
    email: 'operator3@localhost',
    roles: [...ROLES],
  },
];

/** The dev operator an `X-Dev-Operator` header names (absent: the first); unknown is a 400. */
function devOperator(header: string | string[] | undefined): Operator {
  if (header === undefined) return DEV_OPERATOR;
  const id = (Array.isArray(header) ? header.join(',') : header).trim();
  const found = DEV_OPERATORS.find((o) => o.id === id);
  if (!found)
    throw new HttpProblem({
      title: 'Bad Request',
      status: 400,
      detail: `X-Dev-Operator names no local operator: use one of ${DEV_OPERATORS.map((o) => o.id).join(', ')}.`,
    });
  const { id: _id, ...operator } = found;
  return operator;
}

const unauthorized = (detail: string) =>
  new HttpProblem({ title: 'Unauthorized', status: 401, detail });

export { isLoopback, normalizeAddress } from '../http/peer-address';

/** The roles a person's groups give through ROLE_GROUPS (every SSO mode). */
export function rolesFromGroups(
  groups: readonly string[],
  roleGroups: Record<Role, string[]>,
): Role[] {
  const have = new Set(groups);
  return ROLES.filter((role) => roleGroups[role].some((group) => have.has(group)));
}

export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function splitGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  if (typeof value === 'string')
    return value
      .split(',')
      .map((g) => g.trim())
      .filter(Boolean);
  return [];
}

/**
 * The first identity field (by the name its source gives it) holding text the console cannot
 * keep: NUL or a lone surrogate. The operator's subject and name go into the ledger and the audit
 * trail, which refuse NUL, so such an identity is refused at the door like any other bad one.
 */
export function unsafeIdentityField(
  fields: Record<string, string | readonly string[] | undefined>,
): string | undefined {
  for (const [field, value] of Object.entries(fields)) {
    const texts = typeof value === 'string' ? [value] : (value ?? []);
    if (texts.some((text) => unsafeTextReason(text) !== undefined)) return field;
  }
  return undefined;
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

/**
 * One identity header, trimmed (undefined when absent or blank). Node joins repeated headers with
 * ", ", which would turn two user or group headers into one value (a union of groups): a header
 * sent twice means a proxy that does not strip client copies, so the request is refused.
 */
function identityHeader(req: Request, name: string): string | undefined {
  // Read off rawHeaders (names as sent, so compared in lower case; `name` is lower case by
  // config): req.headersDistinct would build an array for every header of the request.
  const raw = req.rawHeaders;
  let value: string | undefined;
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === name.length && key.toLowerCase() === name) {
      seen++;
      value = raw[i + 1];
    }
  }
  if (seen > 1) throw unauthorized(`The identity header ${name} was sent more than once.`);
  const text = value === undefined ? undefined : utf8HeaderText(value);
  return text && text.trim() ? text.trim() : undefined;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A header value as the proxy meant it. Node reads header bytes as Latin-1, one character per
 * byte; a proxy that passes a name or user id through as UTF-8 (`ａｌｉｃｅ`, `José`) sends bytes
 * that are valid UTF-8, read as such here so that identity folding sees the real characters.
 * Bytes that are not valid UTF-8 stay Latin-1, as before.
 */
function utf8HeaderText(value: string): string {
  // Only bytes 0x80-0xFF can start a multi-byte sequence; plain ASCII is the common case.
  if (!/[\u0080-\u00ff]/.test(value)) return value;
  try {
    return UTF8.decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

/**
 * AUTH_MODE=dev only: `X-Dev-Roles: viewer,address-editor` narrows the dev operator's roles to
 * the intersection, so end-to-end tests can play an operator without some role. It never widens
 * (unknown names are ignored), and the other modes never read the header.
 */
function narrowDevRoles(operator: Operator, header: string | string[] | undefined): Operator {
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
  /** AUTH_MODE=oidc reads its sessions instead (oidc/session-identity.ts). */
  auth: Exclude<AuthConfig, { mode: 'oidc' }>,
  roleGroups: Record<Role, string[]>,
  logger: Logger,
): RequestHandler {
  switch (auth.mode) {
    case 'dev':
      return devIdentity();
    case 'trusted-header':
      return trustedHeaderIdentity(auth, roleGroups, logger);
    case 'jwt':
      return jwtIdentity(auth, roleGroups, logger);
  }
}

/** AUTH_MODE=dev: the local operator (or the one X-Dev-Operator names), on loopback only. */
function devIdentity(): RequestHandler {
  return (req, res, next) => {
    // The dev operator has every role: only ever for a BFF reachable from this machine alone.
    if (!isLoopback(req.socket.localAddress))
      throw unauthorized('AUTH_MODE=dev is accepted only on a loopback listener.');
    setOperator(
      res,
      narrowDevRoles(devOperator(req.headers['x-dev-operator']), req.headers['x-dev-roles']),
    );
    next();
  };
}

/** AUTH_MODE=trusted-header: plain headers, believed only from a trusted proxy's address. */
function trustedHeaderIdentity(
  auth: Extract<AuthConfig, { mode: 'trusted-header' }>,
  roleGroups: Record<Role, string[]>,
  logger: Logger,
): RequestHandler {
  const proxies = new Set(auth.proxyAddresses.map(normalizeAddress));
  const operators = operatorMemo<string>();
  return (req, res, next) => {
    const peer = normalizeAddress(req.socket.remoteAddress);
    if (!proxies.has(peer)) {
      // Identity headers from anyone but the SSO proxy are spoofable: ignore them entirely.
      logger.warn({ peer }, 'request with identity from an address that is not a trusted proxy');
      throw unauthorized('Sign in through the SSO proxy.');
    }
    const user = identityHeader(req, auth.userHeader);
    const email = identityHeader(req, auth.emailHeader);
    const groupsHeader = identityHeader(req, auth.groupsHeader);
    const name = identityHeader(req, auth.nameHeader);
    const key = JSON.stringify([user, email, groupsHeader, name]);
    const known = operators.get(key);
    if (known !== undefined) {
      setOperator(res, known);
      return next();
    }
    const groups = splitGroups(groupsHeader);
    const subject = user ?? email;
    if (!subject) throw unauthorized('The SSO proxy sent no identity.');
    // Node's parser already refuses NUL in headers (and decodes them as Latin-1, so no lone
    // surrogates): checked anyway, as the JWT's claims are, so no parser setting can let one by.
    const unsafe = unsafeIdentityField({
      [auth.userHeader]: user,
      [auth.emailHeader]: email,
      [auth.nameHeader]: name,
      [auth.groupsHeader]: groups,
    });
    if (unsafe) {
      logger.warn({ header: unsafe }, 'identity header refused: text that cannot be stored');
      throw unauthorized(`The identity header ${unsafe} is not valid.`);
    }
    setOperator(
      res,
      operators.keep(key, {
        subject,
        name: name ?? user ?? subject,
        ...(email ? { email } : {}),
        roles: rolesFromGroups(groups, roleGroups),
      }),
    );
    next();
  };
}

/** AUTH_MODE=jwt: a signed assertion, verified on every request (remembered until it expires). */
function jwtIdentity(
  auth: Extract<AuthConfig, { mode: 'jwt' }>,
  roleGroups: Record<Role, string[]>,
  logger: Logger,
): RequestHandler {
  const keys = assertionKeys(auth.jwksUrl);
  // Accepted assertions are remembered until they expire (verified-assertions.ts).
  const verifyAssertion = cachedAssertionVerifier();
  const options = {
    issuer: auth.issuer,
    ...(auth.audience.length > 0 ? { audience: auth.audience } : {}),
    algorithms: auth.algorithms,
    clockTolerance: auth.clockToleranceSeconds,
    requiredClaims: ['exp', 'sub'],
  };
  // The operator each accepted assertion was found to be (the verifier keeps the assertion).
  const operators = operatorMemo<JWTVerifyResult>();
  const refuse = (code: string | undefined, detail: string) => {
    logger.warn({ code }, 'identity assertion refused');
    return unauthorized(detail);
  };
  /** The operator an accepted assertion names, or the refusal. */
  const operatorOf = (verified: JWTVerifyResult): Readonly<Operator> | HttpProblem => {
    const known = operators.get(verified);
    if (known !== undefined) return known;
    // AWS ALB: the assertion names the load balancer that signed it; only ours counts.
    if (auth.signer !== undefined && verified.protectedHeader.signer !== auth.signer)
      return refuse('ERR_SIGNER_MISMATCH', 'The identity assertion is not valid. Sign in again.');
    const payload: JWTPayload = verified.payload;
    // jose checks that `sub` is present, not its type: a number or an object would be
    // recorded as "12345" or "[object Object]", and "" as nobody.
    const subject = typeof payload.sub === 'string' ? payload.sub.trim() : '';
    if (subject === '')
      return refuse(
        'ERR_SUB_NOT_A_STRING',
        'The identity assertion names no subject. Sign in again.',
      );
    const email = nonEmptyString(payload.email);
    const name = nonEmptyString(payload.name);
    const groups = splitGroups(claimAt(payload, auth.groupsClaim));
    const unsafe = unsafeIdentityField({
      sub: subject,
      name,
      email,
      [auth.groupsClaim]: groups,
    });
    if (unsafe) {
      // The claim's name only: its value is what cannot be written anywhere.
      logger.warn({ code: 'ERR_UNSAFE_CLAIM', claim: unsafe }, 'identity assertion refused');
      return unauthorized('The identity assertion is not valid. Sign in again.');
    }
    return operators.keep(verified, {
      subject,
      name: name ?? email ?? subject,
      ...(email ? { email } : {}),
      roles: rolesFromGroups(groups, roleGroups),
    });
  };
  const accept = (verified: JWTVerifyResult, res: Response, next: NextFunction) => {
    const operator = operatorOf(verified);
    if (operator instanceof HttpProblem) return next(operator);
    setOperator(res, operator);
    next();
  };
  return (req, res, next) => {
    const token = identityHeader(req, auth.header);
    if (!token) throw unauthorized('Sign in through SSO: the identity assertion is missing.');
    // An assertion accepted before and not expired: no promise, no wait for a microtask.
    const remembered = verifyAssertion.peek(token, options);
    if (remembered !== undefined) return accept(remembered, res, next);
    verifyAssertion(token, keys, options).then(
      (verified) => accept(verified, res, next),
      (error: { code?: string }) =>
        next(refuse(error.code, 'The identity assertion is not valid. Sign in again.')),
    );
  };
}

import { Router, type Request, type Response } from 'express';
import type * as oidc from 'openid-client';
import type { SessionStore } from '#bff/store/session-port';
import { HttpProblem } from '#bff/http/http-problem';
import type { Logger } from '#bff/logger';
import type { OidcAuthConfig } from '../oidc-config';
import { openIdClient, type RelyingParty } from './relying-party';
import { safeReturnTo } from './return-to';
import { personFromClaims } from './person-from-claims';
import {
  clearCookie,
  hashOpaqueId,
  LOGIN_ATTEMPT_MS,
  LOGIN_COOKIE,
  newOpaqueId,
  readOpaqueCookie,
  SESSION_COOKIE,
  setOpaqueCookie,
} from './session-cookie';

interface SignInDeps {
  auth: OidcAuthConfig;
  sessions: SessionStore;
  relyingParty: RelyingParty;
  logger: Logger;
  clock: () => Date;
}

const providerUnavailable = () =>
  new HttpProblem({
    title: 'Bad Gateway',
    status: 502,
    detail: 'The identity provider cannot be reached. Try signing in again in a moment.',
  });

const signInRefused = (detail: string) =>
  new HttpProblem({ title: 'Bad Request', status: 400, detail, sign_in: '/auth/login' });

/** GET /auth/login and GET /auth/callback: the authorization code flow, start and finish. */
export function signInRoutes(deps: SignInDeps): Router {
  const router = Router();
  router.get('/auth/login', (req, res, next) => {
    startSignIn(deps, req, res).catch(next);
  });
  router.get('/auth/callback', (req, res, next) => {
    finishSignIn(deps, req, res).catch(next);
  });
  return router;
}

/** PKCE verifier, state and nonce kept server-side under a short cookie's id; off to the provider. */
async function startSignIn(deps: SignInDeps, req: Request, res: Response): Promise<void> {
  const { auth, sessions, relyingParty, logger, clock } = deps;
  const config = await relyingParty.configuration().catch((error: unknown) => {
    logger.warn({ err: error }, 'OpenID Connect discovery failed');
    throw providerUnavailable();
  });
  const client = await openIdClient();
  const attempt = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
    returnTo: safeReturnTo(req.query.return_to, auth.publicOrigin),
  };
  const attemptId = newOpaqueId();
  await sessions.saveLoginAttempt(
    hashOpaqueId(attemptId),
    attempt,
    new Date(clock().getTime() + LOGIN_ATTEMPT_MS),
  );
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: auth.redirectUri,
    scope: auth.scopes.join(' '),
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
    code_challenge_method: 'S256',
    state: attempt.state,
    nonce: attempt.nonce,
  });
  setOpaqueCookie(res, LOGIN_COOKIE, attemptId, LOGIN_ATTEMPT_MS);
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(303, url.href);
}

/** The provider's answer: checked by openid-client against the attempt; a new session. */
async function finishSignIn(deps: SignInDeps, req: Request, res: Response): Promise<void> {
  const { auth, sessions, relyingParty, logger, clock } = deps;
  res.setHeader('Cache-Control', 'no-store');
  clearCookie(res, LOGIN_COOKIE);
  const attemptId = readOpaqueCookie(req, LOGIN_COOKIE);
  // Taken once: a replayed callback (the same browser, the same code) finds no attempt.
  const attempt = attemptId
    ? await sessions.takeLoginAttempt(hashOpaqueId(attemptId), clock())
    : undefined;
  if (!attempt) throw signInRefused('This sign-in has expired or was already used. Sign in again.');
  const config = await relyingParty.configuration().catch((error: unknown) => {
    logger.warn({ err: error }, 'OpenID Connect discovery failed');
    throw providerUnavailable();
  });
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await (
      await openIdClient()
    ).authorizationCodeGrant(config, new URL(req.originalUrl, auth.publicOrigin), {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    // The reason (code and message) only: never the URL, which holds the code.
    const { code, message } = error as { code?: string; message?: string };
    logger.warn({ code, reason: message }, 'OpenID Connect sign-in refused');
    // The provider's own refusal (the person cancelled, no access to the app) is said as such.
    const providerError = typeof req.query.error === 'string' ? req.query.error : undefined;
    throw signInRefused(
      providerError && /^[a-z_]{1,64}$/.test(providerError)
        ? `The identity provider did not sign you in (${providerError}). Sign in again, or ask your administrator for access to the console.`
        : 'The identity provider’s answer could not be verified. Sign in again.',
    );
  }
  const person = await personFromClaims(config, tokens, auth.groupsClaim);
  if (person instanceof Error) {
    logger.warn({ reason: person.message }, 'OpenID Connect sign-in refused');
    throw signInRefused('The identity provider sent an identity the console cannot use.');
  }
  // A new id at every sign-in; a session this browser held before ends (no fixation).
  const previous = readOpaqueCookie(req, SESSION_COOKIE);
  if (previous) await sessions.end(hashOpaqueId(previous));
  const id = newOpaqueId();
  const now = clock();
  const expiresAt = new Date(now.getTime() + auth.sessionMaxMs);
  const idleExpiresAt = new Date(Math.min(now.getTime() + auth.sessionIdleMs, +expiresAt));
  await sessions.create({
    idHash: hashOpaqueId(id),
    ...person.person,
    ...(person.sid ? { sid: person.sid } : {}),
    ...(tokens.id_token ? { idToken: tokens.id_token } : {}),
    createdAt: now,
    idleExpiresAt,
    expiresAt,
  });
  setOpaqueCookie(res, SESSION_COOKIE, id, auth.sessionMaxMs);
  logger.info({ subject: person.person.subject }, 'signed in through OpenID Connect');
  res.redirect(303, `${auth.publicOrigin}${attempt.returnTo}`);
}

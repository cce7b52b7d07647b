import express, { Router, type Request, type Response } from 'express';
import { jwtVerify, type JWTPayload } from 'jose';
import type { SessionStore } from '#bff/store/session-port';
import type { Logger } from '#bff/logger';
import { csrfProtection } from '../csrf';
import type { OidcAuthConfig } from '../oidc-config';
import { openIdClient, type RelyingParty } from './relying-party';
import { clearCookie, hashOpaqueId, readOpaqueCookie, SESSION_COOKIE } from './session-cookie';

interface SignOutDeps {
  auth: OidcAuthConfig;
  sessions: SessionStore;
  relyingParty: RelyingParty;
  logger: Logger;
  clock: () => Date;
}

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token older than this is refused, so its jti need be kept no longer. */
const LOGOUT_TOKEN_MAX_AGE_S = 10 * 60;

/** POST /auth/logout (the operator) and POST /auth/backchannel-logout (the provider). */
export function signOutRoutes(deps: SignOutDeps): Router {
  const router = Router();
  router.post(
    '/auth/logout',
    // A write like every other: X-CSRF, same origin, JSON.
    csrfProtection({ publicOrigin: deps.auth.publicOrigin }),
    (req, res, next) => {
      signOut(deps, req, res).catch(next);
    },
  );
  router.post(
    '/auth/backchannel-logout',
    express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 10 }),
    (req, res, next) => {
      backchannelLogout(deps, req, res).catch(next);
    },
  );
  return router;
}

/**
 * Ends this browser's session and answers where to go next: the provider's end-session
 * endpoint (with id_token_hint and a way back) when it has one, else the console's root.
 */
async function signOut(deps: SignOutDeps, req: Request, res: Response): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  const id = readOpaqueCookie(req, SESSION_COOKIE);
  const ended = id ? await deps.sessions.end(hashOpaqueId(id)) : undefined;
  clearCookie(res, SESSION_COOKIE);
  let redirectTo = '/';
  try {
    const config = await deps.relyingParty.configuration();
    if (config.serverMetadata().end_session_endpoint)
      redirectTo = (await openIdClient()).buildEndSessionUrl(config, {
        post_logout_redirect_uri: `${deps.auth.publicOrigin}/`,
        ...(ended?.idToken ? { id_token_hint: ended.idToken } : {}),
      }).href;
  } catch (error) {
    // The console's session is over either way; the provider's may outlive it.
    deps.logger.warn({ err: error }, 'OpenID Connect discovery failed at sign-out');
  }
  if (ended) deps.logger.info({ subject: ended.subject }, 'signed out');
  res.json({ redirect_to: redirectTo });
}

/** OpenID Connect Back-Channel Logout 1.0, section 2.6: 200, or 400 with an OAuth error. */
async function backchannelLogout(deps: SignOutDeps, req: Request, res: Response): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  const refuse = (description: string, code?: string, claim?: string) => {
    deps.logger.warn({ code, claim, reason: description }, 'back-channel logout token refused');
    res.status(400).json({ error: 'invalid_request', error_description: description });
  };
  const body = req.body as Record<string, unknown> | undefined;
  const token = typeof body?.logout_token === 'string' ? body.logout_token : undefined;
  if (!token) return refuse('logout_token is required (application/x-www-form-urlencoded)');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, await deps.relyingParty.keys(), {
      issuer: (await deps.relyingParty.configuration()).serverMetadata().issuer,
      audience: deps.auth.clientId,
      requiredClaims: ['iat', 'jti'],
      maxTokenAge: LOGOUT_TOKEN_MAX_AGE_S,
      // The provider's clock and ours differ a little (as for ID tokens).
      clockTolerance: 30,
      currentDate: deps.clock(),
    }));
  } catch (error) {
    const { code, claim } = error as { code?: string; claim?: string };
    return refuse('The logout token is not valid.', code, claim);
  }
  const problem = logoutClaimsProblem(payload);
  if (problem) return refuse(problem);
  const expiresAt = new Date((payload.iat! + LOGOUT_TOKEN_MAX_AGE_S) * 1000);
  if (!(await deps.sessions.useLogoutTokenId(String(payload.jti), expiresAt)))
    return refuse('This logout token was already used.');
  const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
  const subject = typeof payload.sub === 'string' ? payload.sub : undefined;
  const ended = await deps.sessions.endByProvider({
    ...(sid ? { sid } : {}),
    ...(subject ? { subject } : {}),
  });
  deps.logger.info({ ended }, 'back-channel logout');
  res.status(200).end();
}

/** The claims section 2.4 requires of a logout token beyond the signature, iss, aud and iat. */
function logoutClaimsProblem(payload: JWTPayload): string | undefined {
  const events = payload.events as Record<string, unknown> | undefined;
  const event = events?.[BACKCHANNEL_EVENT];
  if (typeof event !== 'object' || event === null || Array.isArray(event))
    return 'The logout token carries no back-channel logout event.';
  if ('nonce' in payload) return 'A logout token must not carry a nonce.';
  if (typeof payload.jti !== 'string' || payload.jti === '') return 'The logout token has no jti.';
  const sid = payload.sid;
  const sub = payload.sub;
  if ((typeof sid !== 'string' || sid === '') && (typeof sub !== 'string' || sub === ''))
    return 'The logout token names neither a session (sid) nor a subject (sub).';
  return undefined;
}

import type { RequestHandler } from 'express';
import type { Role } from '#contract/session';
import type { SessionStore } from '#bff/store/session-port';
import { HttpProblem } from '#bff/http/http-problem';
import { setOperator } from '../operator';
import { rolesFromGroups } from '../identity';
import { hashOpaqueId, readOpaqueCookie, SESSION_COOKIE } from './session-cookie';

/** The idle expiry is written again only when it would move by more than this (fewer writes). */
const TOUCH_GRANULARITY_MS = 60_000;

const signedOut = () =>
  new HttpProblem({
    title: 'Unauthorized',
    status: 401,
    detail: 'You are signed out. Sign in again.',
    sign_in: '/auth/login',
  });

/**
 * AUTH_MODE=oidc: the operator is the session's person, read from the shared store on every
 * request (so a session ended on any instance, by the operator or by the provider's back-channel,
 * is over here at once). Roles come from the person's groups through ROLE_GROUPS, as they are
 * configured now.
 */
export function sessionIdentity(options: {
  sessions: SessionStore | undefined;
  roleGroups: Record<Role, string[]>;
  idleMs: number;
  clock: () => Date;
}): RequestHandler {
  const { sessions, roleGroups, idleMs, clock } = options;
  return (req, res, next) => {
    const id = readOpaqueCookie(req, SESSION_COOKIE);
    if (!id || !sessions) throw signedOut();
    const idHash = hashOpaqueId(id);
    const now = clock();
    sessions
      .find(idHash, now)
      .then(async (session) => {
        if (!session) throw signedOut();
        const idleExpiresAt = Math.min(now.getTime() + idleMs, session.expiresAt.getTime());
        if (idleExpiresAt - session.idleExpiresAt.getTime() > TOUCH_GRANULARITY_MS)
          await sessions.touch(idHash, new Date(idleExpiresAt));
        setOperator(res, {
          subject: session.subject,
          name: session.name,
          ...(session.email !== undefined ? { email: session.email } : {}),
          roles: rolesFromGroups(session.groups, roleGroups),
        });
      })
      .then(() => next(), next);
  };
}

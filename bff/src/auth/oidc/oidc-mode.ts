import type { RequestHandler, Router } from 'express';
import type { Role } from '#contract/session';
import type { SessionStore } from '#bff/store/session-port';
import type { Logger } from '#bff/logger';
import type { BackgroundTasks } from '#bff/lib/background-tasks';
import { createPeriodicTask } from '#bff/lib/periodic-task';
import type { OidcAuthConfig } from '../oidc-config';
import { createRelyingParty } from './relying-party';
import { sessionIdentity } from './session-identity';
import { signInRoutes } from './sign-in-routes';
import { signOutRoutes } from './sign-out-routes';

/** How often expired sessions, sign-in attempts and logout token ids are deleted. */
const SWEEP_INTERVAL_MS = 5 * 60_000;

/** AUTH_MODE=oidc, whole: the /auth routes, the identity of /api requests, the sweeper. */
export function createOidcMode(options: {
  auth: OidcAuthConfig;
  roleGroups: Record<Role, string[]>;
  sessions: SessionStore | undefined;
  logger: Logger;
  clock: () => Date;
  background: BackgroundTasks | undefined;
}): { routes: Router[]; identity: RequestHandler } {
  const { auth, sessions, logger, clock } = options;
  const identity = sessionIdentity({
    sessions,
    roleGroups: options.roleGroups,
    idleMs: auth.sessionIdleMs,
    clock,
  });
  if (!sessions) return { routes: [], identity };
  const relyingParty = createRelyingParty(auth, clock);
  const deps = { auth, sessions, relyingParty, logger, clock };
  options.background?.add(
    createPeriodicTask({
      intervalMs: SWEEP_INTERVAL_MS,
      round: () => sessions.sweep(clock()),
      logger,
      failure: 'sweeping expired sessions failed',
    }),
  );
  return { routes: [signInRoutes(deps), signOutRoutes(deps)], identity };
}

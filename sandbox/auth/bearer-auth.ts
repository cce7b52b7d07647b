import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Scope } from '#contract/scopes';
import type { SandboxContext } from '../state/sandbox-context';
import { sendProblem } from '../http/problem-response';

const REALM = 'asset-ops-sandbox';

/** RFC 6750: every /v2 call carries a live bearer token that holds the operation's scope. */
export function requireScope(ctx: SandboxContext, scope: Scope): RequestHandler {
  return bearerAuth(ctx, scope);
}

/**
 * An operation published with no scope (the VASP directory): any live bearer token of a client
 * will do, whatever its scopes; none, or an unknown or expired one, is still 401.
 */
export function requireToken(ctx: SandboxContext): RequestHandler {
  return bearerAuth(ctx, undefined);
}

function bearerAuth(ctx: SandboxContext, scope: Scope | undefined): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const header = req.get('authorization');
    if (header === undefined) {
      sendProblem(res, {
        status: 401,
        title: 'Unauthorized',
        detail: 'A bearer token is required',
        headers: { 'WWW-Authenticate': `Bearer realm="${REALM}"` },
      });
      return;
    }
    const match = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header);
    const issued = match?.[1] ? ctx.tokens.lookup(match[1]) : undefined;
    const expired = issued !== undefined && issued.expiresAtMs <= ctx.now().getTime();
    if (!issued || expired) {
      const description = !match
        ? 'Malformed Authorization header'
        : expired
          ? 'The access token expired'
          : 'Unknown access token';
      sendProblem(res, {
        status: 401,
        title: 'Unauthorized',
        detail: description,
        headers: {
          'WWW-Authenticate': `Bearer realm="${REALM}", error="invalid_token", error_description="${description}"`,
        },
      });
      return;
    }
    if (scope !== undefined && !issued.scopes.has(scope)) {
      sendProblem(res, {
        status: 403,
        title: 'Forbidden',
        detail: `This operation needs the scope ${scope}`,
        headers: {
          'WWW-Authenticate': `Bearer realm="${REALM}", error="insufficient_scope", scope="${scope}"`,
        },
      });
      return;
    }
    next();
  };
}

import { randomBytes } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { TokenRequestSchema, type TokenRequest, type TokenResponse } from '#contract/oauth';
import type { SandboxContext } from '../state/sandbox-context';
import { sendProblem } from '../http/problem-response';
import { authenticateClient } from './client-authentication';
import { sendOAuthError, type OAuthRefusal } from './oauth-error';

// POST /oauth2/token: RFC 6749 section 4.4 (client credentials), with client_secret_basic and
// client_secret_post (section 2.3.1) and section 5.2 error answers.

export interface SandboxClient {
  client_id: string;
  client_secret: string;
  /** The scopes this client may ask for; asking for none grants all of them. */
  scopes: readonly string[];
}

interface IssuedToken {
  clientId: string;
  scopes: ReadonlySet<string>;
  expiresAtMs: number;
}

/** Opaque random bearer tokens: nothing can be read from them, only looked up here. */
export class TokenStore {
  private readonly tokens = new Map<string, IssuedToken>();

  issue(clientId: string, scopes: readonly string[], expiresAtMs: number, nowMs: number): string {
    if (this.tokens.size > 10_000) this.purge(nowMs);
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, { clientId, scopes: new Set(scopes), expiresAtMs });
    return token;
  }

  lookup(token: string): IssuedToken | undefined {
    return this.tokens.get(token);
  }

  private purge(nowMs: number): void {
    for (const [token, issued] of this.tokens)
      if (issued.expiresAtMs <= nowMs) this.tokens.delete(token);
  }
}

/** The token request's form: urlencoded, each parameter given once, grant_type present. */
function readTokenForm(req: Request): { form: TokenRequest } | { refusal: OAuthRefusal } {
  if (
    !req.is('application/x-www-form-urlencoded') ||
    typeof req.body !== 'object' ||
    req.body === null
  ) {
    return {
      refusal: {
        status: 400,
        error: 'invalid_request',
        description: 'Send the token request as application/x-www-form-urlencoded',
      },
    };
  }
  const parsed = TokenRequestSchema.safeParse(req.body);
  const body = req.body as Record<string, unknown>;
  const repeated = Object.entries(body).find(([, v]) => typeof v !== 'string');
  if (!parsed.success || repeated) {
    const name = repeated?.[0] ?? 'grant_type';
    return {
      refusal: {
        status: 400,
        error: 'invalid_request',
        description: `The parameter ${name} is missing or given more than once`,
      },
    };
  }
  return { form: parsed.data };
}

/** What the authenticated client is granted: client credentials only, within its own scopes. */
function grantScopes(
  client: SandboxClient,
  form: TokenRequest,
): { scopes: string[] } | { refusal: OAuthRefusal } {
  if (form.grant_type !== 'client_credentials') {
    return {
      refusal: {
        status: 400,
        error: 'unsupported_grant_type',
        description: 'Only grant_type=client_credentials is supported',
      },
    };
  }
  const asked = (form.scope ?? '').split(' ').filter((s) => s.length > 0);
  const notAllowed = asked.filter((s) => !client.scopes.includes(s));
  if (notAllowed.length > 0) {
    return {
      refusal: {
        status: 400,
        error: 'invalid_scope',
        description: `Scope not allowed for this client: ${notAllowed.join(' ')}`,
      },
    };
  }
  return { scopes: asked.length > 0 ? [...new Set(asked)] : [...client.scopes] };
}

export function createOAuthRouter(ctx: SandboxContext): Router {
  const router = express.Router();
  router.post(
    '/oauth2/token',
    express.urlencoded({ extended: false, limit: '16kb' }),
    (req: Request, res: Response) => {
      ctx.stats.tokenRequest();
      if (ctx.faults.takeTokenFailure()) {
        sendProblem(res, {
          status: 503,
          title: 'Service Unavailable',
          detail: 'Token endpoint fault injected',
        });
        return;
      }
      const read = readTokenForm(req);
      if ('refusal' in read) return sendOAuthError(res, read.refusal);
      const authenticated = authenticateClient(ctx.clients, req.get('authorization'), read.form);
      if ('refusal' in authenticated) return sendOAuthError(res, authenticated.refusal);
      const { client } = authenticated;
      const granted = grantScopes(client, read.form);
      if ('refusal' in granted) return sendOAuthError(res, granted.refusal);

      const nowMs = ctx.now().getTime();
      const ttl = ctx.options.tokenTtlSeconds;
      const scopes = granted.scopes;
      const accessToken = ctx.tokens.issue(client.client_id, scopes, nowMs + ttl * 1000, nowMs);
      ctx.stats.tokenIssued(client.client_id, scopes);
      const answer: TokenResponse = {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: ttl,
        scope: scopes.join(' '),
      };
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Pragma', 'no-cache');
      res.status(200).json(answer);
    },
  );
  return router;
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { TokenRequestSchema, type TokenResponse } from '#contract/oauth';
import type { SandboxContext } from '../state/sandbox-context';
import { sendProblem } from '../http/problem-response';

// POST /oauth2/token: RFC 6749 section 4.4 (client credentials), with client_secret_basic and
// client_secret_post (section 2.3.1) and section 5.2 error answers.

export interface SandboxClient {
  client_id: string;
  client_secret: string;
  /** The scopes this client may ask for; asking for none grants all of them. */
  scopes: readonly string[];
}

export interface IssuedToken {
  clientId: string;
  scopes: ReadonlySet<string>;
  expiresAtMs: number;
}

const REALM = 'asset-ops-sandbox';

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

function sameSecret(given: string, expected: string): boolean {
  // Hash first so the comparison takes the same time whatever the lengths.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function oauthError(
  res: Response,
  status: number,
  error: string,
  description: string,
  basic = false,
): void {
  if (status === 401)
    res.setHeader(
      'WWW-Authenticate',
      `Basic realm="${REALM}"${basic ? ', error="invalid_client"' : ''}`,
    );
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  res.status(status).json({ error, error_description: description });
}

/** Decodes client_secret_basic: base64 of form-urlencoded id ":" form-urlencoded secret. */
function parseBasic(header: string): { id: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  try {
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
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
      if (
        !req.is('application/x-www-form-urlencoded') ||
        typeof req.body !== 'object' ||
        req.body === null
      ) {
        oauthError(
          res,
          400,
          'invalid_request',
          'Send the token request as application/x-www-form-urlencoded',
        );
        return;
      }
      const parsed = TokenRequestSchema.safeParse(req.body);
      const body = req.body as Record<string, unknown>;
      const repeated = Object.entries(body).find(([, v]) => typeof v !== 'string');
      if (!parsed.success || repeated) {
        const name = repeated?.[0] ?? 'grant_type';
        oauthError(
          res,
          400,
          'invalid_request',
          `The parameter ${name} is missing or given more than once`,
        );
        return;
      }
      const form = parsed.data;

      // Client authentication: exactly one method.
      const header = req.get('authorization');
      let clientId: string | undefined;
      let clientSecret: string | undefined;
      const basic = header !== undefined;
      if (basic) {
        const credentials = parseBasic(header);
        if (!credentials) {
          oauthError(
            res,
            401,
            'invalid_client',
            'The Authorization header is not valid Basic credentials',
            true,
          );
          return;
        }
        if (
          form.client_secret !== undefined ||
          (form.client_id !== undefined && form.client_id !== credentials.id)
        ) {
          oauthError(
            res,
            400,
            'invalid_request',
            'Use one client authentication method: Basic or the form, not both',
          );
          return;
        }
        clientId = credentials.id;
        clientSecret = credentials.secret;
      } else {
        clientId = form.client_id;
        clientSecret = form.client_secret;
      }
      if (clientId === undefined || clientSecret === undefined) {
        oauthError(
          res,
          401,
          'invalid_client',
          'Client authentication is required (client_secret_basic or client_secret_post)',
        );
        return;
      }
      const client = ctx.clients.find((c) => c.client_id === clientId);
      // Compare against a dummy secret for unknown clients, so timing does not reveal client ids.
      const secretOk = sameSecret(clientSecret, client?.client_secret ?? '\u0000unknown-client');
      if (!client || !secretOk) {
        oauthError(res, 401, 'invalid_client', 'Unknown client or wrong secret', basic);
        return;
      }

      if (form.grant_type !== 'client_credentials') {
        oauthError(
          res,
          400,
          'unsupported_grant_type',
          'Only grant_type=client_credentials is supported',
        );
        return;
      }

      const asked = (form.scope ?? '').split(' ').filter((s) => s.length > 0);
      const notAllowed = asked.filter((s) => !client.scopes.includes(s));
      if (notAllowed.length > 0) {
        oauthError(
          res,
          400,
          'invalid_scope',
          `Scope not allowed for this client: ${notAllowed.join(' ')}`,
        );
        return;
      }
      const granted = asked.length > 0 ? [...new Set(asked)] : [...client.scopes];
      const nowMs = ctx.now().getTime();
      const ttl = ctx.options.tokenTtlSeconds;
      const accessToken = ctx.tokens.issue(client.client_id, granted, nowMs + ttl * 1000, nowMs);
      ctx.stats.tokenIssued(client.client_id, granted);
      const answer: TokenResponse = {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: ttl,
        scope: granted.join(' '),
      };
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Pragma', 'no-cache');
      res.status(200).json(answer);
    },
  );
  return router;
}

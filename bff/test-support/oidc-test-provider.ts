// A real OpenID Connect provider (node-oidc-provider) in-process, for the tests of
// AUTH_MODE=oidc: discovery, the authorization code flow with PKCE, userinfo, RP-initiated and
// back-channel logout, all the provider's own. Its sign-in page is a one-field form (the
// person's id), so a test (or Playwright) signs in as a person by submitting it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPair, exportJWK, type JWK } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestPerson {
  email?: string;
  name?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  /** The provider's signing key (private): tests sign their own logout tokens with it. */
  signingKey: JWK;
  /** Registers the console as a client; call before the first sign-in. */
  registerClient(client: {
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    postLogoutRedirectUri: string;
    backchannelLogoutUri?: string;
  }): void;
  close(): Promise<void>;
}

/** The login form: what a person submits to sign in (Playwright fills it like a user). */
function loginPage(uid: string): string {
  return `<!doctype html><html lang="en"><head><title>Test provider: sign in</title></head>
<body><main><h1>Sign in to the test provider</h1>
<form method="post" action="/interaction/${uid}/login">
<label>Username <input name="login" autocomplete="username" required></label>
<button type="submit">Sign in</button></form></main></body></html>`;
}

export async function startTestProvider(
  people: Record<string, TestPerson>,
  options: { idTokenTtlSeconds?: number; port?: number } = {},
): Promise<TestProvider> {
  type Handler = (req: IncomingMessage, res: ServerResponse) => void;
  let handler: Handler | undefined;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: 'test-provider-key',
    alg: 'RS256',
    use: 'sig',
  };
  const clients: NonNullable<Configuration['clients']> = [];
  let provider: Provider | undefined;
  const configuration: Configuration = {
    clients,
    jwks: { keys: [signingKey] },
    cookies: { keys: ['test-provider-cookie-key'] },
    claims: { openid: ['sub', 'sid'], email: ['email'], profile: ['name', 'groups'] },
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // The provider's own sign-out confirmation, without the default page's web fonts.
        logoutSource: (ctx: { body: string }, form: string) => {
          ctx.body = `<!doctype html><html lang="en"><head><title>Test provider: sign out</title></head>
<body><main><h1>Sign out of the test provider?</h1>${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
</main></body></html>`;
        },
      },
    },
    pkce: { required: () => true },
    ttl: { IdToken: options.idTokenTtlSeconds ?? 3600 },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    // The provider refuses to call special-use addresses (SSRF protection); the console it calls
    // back (back-channel logout) is on 127.0.0.1 here, so its calls go out without that guard.
    fetch: (url: string, options: RequestInit & { dispatcher?: unknown }) => {
      const { dispatcher: _ssrfGuard, ...rest } = options;
      return globalThis.fetch(url, rest);
    },
    findAccount: (_ctx: unknown, id: string) => {
      const person = people[id];
      if (!person) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...person }) };
    },
  };
  const interactionRoutes = async (req: IncomingMessage, res: ServerResponse) => {
    const p = provider!;
    const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
    if (!match) return false;
    const details = await p.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (!match[2]) {
        res.writeHead(200, { 'content-type': 'text/html' }).end(loginPage(details.uid));
        return true;
      }
      const body = await new Promise<string>((resolve) => {
        let text = '';
        req.on('data', (c: Buffer) => (text += c.toString()));
        req.on('end', () => resolve(text));
      });
      const login = new URLSearchParams(body).get('login') ?? '';
      if (!people[login]) {
        res.writeHead(200, { 'content-type': 'text/html' }).end(loginPage(details.uid));
        return true;
      }
      await p.interactionFinished(
        req,
        res,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
      return true;
    }
    // The console is a first-party client: consent is given for what it asked.
    const grant = new p.Grant({
      accountId: details.session!.accountId,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await p.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
    return true;
  };
  return {
    issuer,
    signingKey,
    registerClient(c) {
      clients.push({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        redirect_uris: [c.redirectUri],
        post_logout_redirect_uris: [c.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        ...(c.backchannelLogoutUri
          ? {
              backchannel_logout_uri: c.backchannelLogoutUri,
              backchannel_logout_session_required: true,
            }
          : {}),
      });
      provider = new Provider(issuer, configuration);
      // A back-channel call the console refused is a test failure to see, not to guess.
      provider.on('backchannel.error', (_ctx: unknown, error: Error) => {
        console.error('test provider: back-channel logout failed:', error.message);
      });
      const callback = provider.callback();
      handler = (req, res) => {
        interactionRoutes(req, res).then(
          (handled) => {
            if (!handled) callback(req, res);
          },
          (error: unknown) => {
            res.writeHead(500).end(String(error));
          },
        );
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The console's environment for AUTH_MODE=oidc against the test provider (client `console`). */
export const OIDC_ENV = (issuer: string): Record<string, string> => ({
  AUTH_MODE: 'oidc',
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: 'console',
  OIDC_CLIENT_SECRET: 'console-secret-for-tests',
  PUBLIC_ORIGIN: 'https://ops.example.test',
  ROLE_GROUPS:
    'viewer=ops-treasury,ops-approvers;withdrawal-initiator=ops-treasury;withdrawal-approver=ops-approvers',
  SESSION_IDLE_MINUTES: '30',
  SESSION_MAX_HOURS: '2',
});

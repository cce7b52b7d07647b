import { createHash, timingSafeEqual } from 'node:crypto';
import type { TokenRequest } from '#contract/oauth';
import type { SandboxClient } from './oauth';
import type { OAuthRefusal } from './oauth-error';

// RFC 6749 section 2.3.1: client_secret_basic or client_secret_post, exactly one of them.

function sameSecret(given: string, expected: string): boolean {
  // Hash first so the comparison takes the same time whatever the lengths.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
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

/** The id and secret the request presents: from the Authorization header or from the form. */
function presentedCredentials(
  header: string | undefined,
  form: TokenRequest,
): { id?: string | undefined; secret?: string | undefined } | { refusal: OAuthRefusal } {
  if (header === undefined) return { id: form.client_id, secret: form.client_secret };
  const credentials = parseBasic(header);
  if (!credentials) {
    return {
      refusal: {
        status: 401,
        error: 'invalid_client',
        description: 'The Authorization header is not valid Basic credentials',
        basic: true,
      },
    };
  }
  if (
    form.client_secret !== undefined ||
    (form.client_id !== undefined && form.client_id !== credentials.id)
  ) {
    return {
      refusal: {
        status: 400,
        error: 'invalid_request',
        description: 'Use one client authentication method: Basic or the form, not both',
      },
    };
  }
  return credentials;
}

/** The client the token request authenticates as, or the 5.2 error that refuses it. */
export function authenticateClient(
  clients: readonly SandboxClient[],
  header: string | undefined,
  form: TokenRequest,
): { client: SandboxClient } | { refusal: OAuthRefusal } {
  const presented = presentedCredentials(header, form);
  if ('refusal' in presented) return presented;
  const { id, secret } = presented;
  if (id === undefined || secret === undefined) {
    return {
      refusal: {
        status: 401,
        error: 'invalid_client',
        description:
          'Client authentication is required (client_secret_basic or client_secret_post)',
      },
    };
  }
  const client = clients.find((c) => c.client_id === id);
  // Compare against a dummy secret for unknown clients, so timing does not reveal client ids.
  const secretOk = sameSecret(secret, client?.client_secret ?? '\u0000unknown-client');
  if (!client || !secretOk) {
    return {
      refusal: {
        status: 401,
        error: 'invalid_client',
        description: 'Unknown client or wrong secret',
        basic: header !== undefined,
      },
    };
  }
  return { client };
}

import type { Request } from 'express';
import { isLoopbackHost } from '#bff/http/peer-address';
import { HttpProblem } from '#bff/http/http-problem';

/** Where passkeys are used: the origin a browser must report, and the WebAuthn RP id. */
export interface RelyingParty {
  origin: string;
  rpId: string;
}

/**
 * The relying party a request's passkey ceremony is held to. Behind SSO: PUBLIC_ORIGIN, and its
 * host name as the RP id unless PASSKEY_RP_ID says otherwise (a parent domain). Without
 * PUBLIC_ORIGIN (AUTH_MODE=dev, loopback only) the loopback origin the request came to; browsers
 * take `localhost` as an RP id but no IP address, so local passkeys need http://localhost:PORT.
 */
export function relyingPartyFor(
  config: { publicOrigin?: string | undefined; passkeyRpId?: string | undefined },
  req: Request,
): RelyingParty {
  if (config.publicOrigin)
    return {
      origin: config.publicOrigin,
      rpId: config.passkeyRpId ?? new URL(config.publicOrigin).hostname,
    };
  const host = req.headers.host;
  if (!isLoopbackHost(host))
    throw new HttpProblem({
      title: 'Forbidden',
      status: 403,
      detail: 'Passkeys need PUBLIC_ORIGIN (or a loopback address in AUTH_MODE=dev).',
    });
  const origin = new URL(`http://${host}`).origin;
  return { origin, rpId: config.passkeyRpId ?? new URL(origin).hostname };
}

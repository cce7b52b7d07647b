import type { RequestHandler } from 'express';
import { HttpProblem } from '../http/http-problem';
import { isLoopbackHost } from '../http/peer-address';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'via'] as const;

/**
 * AUTH_MODE=dev gives every role to whoever reaches the listener, so it serves this machine only:
 * a request relayed by a proxy (Forwarded, X-Forwarded-For, Via) may come from anywhere, and a
 * Host that is not loopback is a browser led here by DNS rebinding (attacker.example → 127.0.0.1),
 * whose Origin would then match its Host. Both are refused before anything else runs.
 */
export function devModeGuard(): RequestHandler {
  return (req, _res, next) => {
    for (const name of FORWARDING_HEADERS) {
      if (req.headers[name] !== undefined) {
        throw new HttpProblem({
          title: 'Forbidden',
          status: 403,
          detail: `AUTH_MODE=dev serves this machine only; a request relayed by a proxy (${name}) is refused. Behind a proxy, use AUTH_MODE=trusted-header or jwt.`,
        });
      }
    }
    if (!isLoopbackHost(req.headers.host)) {
      throw new HttpProblem({
        title: 'Misdirected Request',
        status: 421,
        detail:
          'AUTH_MODE=dev answers only to a loopback Host (localhost, 127.0.0.1 or [::1], with the port).',
      });
    }
    next();
  };
}

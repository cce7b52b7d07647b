import type { RequestHandler } from 'express';
import { HttpProblem } from '../http/http-problem';
import { isLoopbackHost } from '../http/peer-address';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const forbidden = (detail: string) => new HttpProblem({ title: 'Forbidden', status: 403, detail });

/**
 * CSRF defence for /api. A custom header cannot be sent cross-site without a CORS preflight (which
 * the BFF never grants), so `X-CSRF: 1` on every call proves a same-origin script. State-changing
 * calls are also refused when the browser says they are cross-site (Sec-Fetch-Site) or come from a
 * foreign Origin, and must be JSON (or CSV, a file upload such as an address file: like JSON, not
 * a type a cross-site form can send).
 *
 * The Origin is compared with PUBLIC_ORIGIN, or with a loopback Host (this machine, e.g. `npm start`
 * or Vite's dev proxy). Never with whatever Host the request brings: with DNS rebinding a browser
 * sends `Host: attacker.example` and `Origin: http://attacker.example`, which match each other.
 */
export function csrfProtection(options: { publicOrigin?: string } = {}): RequestHandler {
  const allowedOrigin = options.publicOrigin ? new URL(options.publicOrigin).origin : undefined;
  return (req, _res, next) => {
    if (req.headers['x-csrf'] !== '1') throw forbidden('Missing X-CSRF: 1 header.');
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      throw forbidden('Cross-site requests are refused.');
    const origin = req.headers.origin;
    if (origin !== undefined) {
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        throw forbidden('The Origin header is not a valid origin.');
      }
      const loopbackSameHost = originHost === req.headers.host && isLoopbackHost(originHost);
      if (!(origin === allowedOrigin || loopbackSameHost))
        throw forbidden('Requests from another origin are refused.');
    }
    const type = req.headers['content-type'];
    if (!type || !/^(application\/json|text\/csv)\s*(;|$)/i.test(type)) {
      throw new HttpProblem({
        title: 'Unsupported Media Type',
        status: 415,
        detail: 'Send the body as application/json.',
      });
    }
    next();
  };
}

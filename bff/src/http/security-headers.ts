import helmet from 'helmet';
import type { RequestHandler } from 'express';
import { fixedHeaders } from './fixed-headers';

const HSTS = { maxAge: 31_536_000, includeSubDomains: true };

/**
 * helmet's headers for the console's documents (and the static files, which spa-static.ts trims
 * further): a strict Content-Security-Policy (the SPA loads nothing from elsewhere and is never
 * framed) and HSTS.
 */
const documentHeaders = () =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: HSTS,
  });

/**
 * What an API answer (JSON, problem+json, a CSV attachment) carries: the headers a browser acts
 * on for a response that is never a page the SPA renders (OWASP's REST Security Cheat Sheet):
 * nothing may load or frame from it (`default-src 'none'; frame-ancestors 'none'`, stricter than
 * the document's), X-Frame-Options DENY for browsers without frame-ancestors, nosniff, CORP,
 * Referrer-Policy and HSTS. The document-only ones (COOP, Origin-Agent-Cluster, the DNS prefetch,
 * download and cross-domain-policy switches, X-XSS-Protection) are left off: about 400 bytes and
 * eight header writes on every API answer, the proxied statements read included (docs/bench.md).
 */
const apiHeaders = () =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: HSTS,
  });

/** The security headers of every answer: the API's under /api/, the document's elsewhere. */
export function securityHeaders(): RequestHandler {
  // Worked out once each (fixed-headers.ts: one step a request, not a dozen middlewares).
  const document = fixedHeaders(documentHeaders());
  const api = fixedHeaders(apiHeaders());
  return (req, res, next) => (req.url.startsWith('/api/') ? api : document)(req, res, next);
}

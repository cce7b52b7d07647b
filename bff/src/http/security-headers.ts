import helmet from 'helmet';
import type { RequestHandler } from 'express';
import { fixedHeaders } from './fixed-headers';

/**
 * helmet's headers for the console: a strict Content-Security-Policy (the SPA loads nothing from
 * elsewhere and is never framed) and HSTS. Worked out once (fixed-headers.ts: one step a request,
 * not 12).
 */
export function securityHeaders(): RequestHandler {
  return fixedHeaders(
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
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    }),
  );
}

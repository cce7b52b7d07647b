import type { Response } from 'express';

const REALM = 'asset-ops-sandbox';

/** A refused token request: an RFC 6749 section 5.2 error answer. */
export interface OAuthRefusal {
  status: 400 | 401;
  error: string;
  description: string;
  /** The request authenticated with Basic: the challenge carries the error as well. */
  basic?: boolean;
}

export function sendOAuthError(res: Response, refusal: OAuthRefusal): void {
  if (refusal.status === 401)
    res.setHeader(
      'WWW-Authenticate',
      `Basic realm="${REALM}"${refusal.basic ? ', error="invalid_client"' : ''}`,
    );
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  res.status(refusal.status).json({ error: refusal.error, error_description: refusal.description });
}

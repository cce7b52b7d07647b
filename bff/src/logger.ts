import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

/**
 * Paths pino censors wherever they appear in a log line: credentials, tokens, and Travel Rule
 * personal data (names and physical addresses of beneficiaries). Wildcards cover one level, so the
 * usual nesting depths are listed explicitly.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'authorization',
  'access_token',
  'client_secret',
  'clientSecret',
  'token',
  'secret',
  '*.authorization',
  '*.access_token',
  '*.client_secret',
  '*.clientSecret',
  '*.token',
  '*.secret',
  'travelrule_metadata',
  '*.travelrule_metadata',
  '*.*.travelrule_metadata',
  'person_details',
  '*.person_details',
  '*.*.person_details',
  'institution_details',
  '*.institution_details',
  '*.*.institution_details',
  'physical_address',
  '*.physical_address',
  '*.*.physical_address',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'asset-ops-bff' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

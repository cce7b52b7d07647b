import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestContext } from './http/request-id';

export type { Logger } from 'pino';

/**
 * Paths pino censors wherever they appear in a log line: credentials, tokens, and Travel Rule
 * personal data (names and physical addresses of beneficiaries). Wildcards cover one level, so the
 * usual nesting depths are listed explicitly.
 */
const REDACTED_PATHS = [
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

/**
 * Where the log goes (stdout unless named): lines written in batches of up to 4 KB, and at least
 * every 250 ms, instead of one write a line. pino's own stdout stream hands every line to a
 * libuv worker thread as a write of its own: under the bench's read load that was about 35 µs of
 * a request's CPU for its one line (docs/bench.md). What a batch costs: a line reaches the
 * output up to 250 ms later, and a process killed outright (SIGKILL, out of memory) loses at
 * most the last 4 KB; a normal exit, an uncaught exception or process.exit() flush it (pino
 * registers the flush on exit for asynchronous streams).
 */
export function logDestination(dest: number | string = 1): DestinationStream {
  return pino.destination({ dest, sync: false, minLength: 4096, periodicFlush: 250 });
}

export function createLogger(
  level: string,
  destination: DestinationStream = logDestination(),
): Logger {
  return pino(
    {
      level,
      base: { service: 'asset-ops-bff' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: isoTimeEachMillisecond,
      // Every line written while serving a request names it (req_id, and caller_request_id when
      // a caller sent an id we did not take): one AsyncLocalStorage lookup and a two-field object
      // per line. pino merges the line into what the mixin returns, so that is a fresh object;
      // fields the line itself sets win.
      mixin: requestMixin,
    },
    destination,
  );
}

/**
 * pino's isoTime (`,"time":"<ISO 8601>"`), the string made once a millisecond: under load several
 * lines share one, and toISOString was about a fortieth of a proxied read's log line.
 */
let lastMillisecond = Number.NaN;
let lastTime = '';
export function isoTimeEachMillisecond(): string {
  const now = Date.now();
  if (now !== lastMillisecond) {
    lastMillisecond = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

function requestMixin(): object {
  const context = currentRequestContext();
  if (context === undefined) return {};
  return context.caller_request_id === undefined
    ? { req_id: context.req_id }
    : { req_id: context.req_id, caller_request_id: context.caller_request_id };
}

/**
 * The same logger (level, destination, bindings, mixin) without redaction, for lines whose every
 * field we build ourselves and none can hold a secret: the one line per request (id, method, URL,
 * status, time, operator). Redaction walks every listed path of every line it is given, about
 * 4 % of a proxied read's CPU; lines that carry objects from elsewhere keep it.
 */
export function withoutRedaction(logger: Logger): Logger {
  return logger.child({}, { redact: [] });
}

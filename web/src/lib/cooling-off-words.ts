// A destination's cooling-off end, said once and in words (issue 42, item D): the draft said
// nothing, and the refusal gave the time twice (once as the BFF's raw ISO string).

const pad = (n: number) => String(n).padStart(2, '0');

/** "52 s", "14 min", "2 h 5 min". */
function inWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`;
}

/**
 * "can be sent from 23:40 UTC (in 52 s)" (with the date when it is not today, UTC); undefined when
 * the time is past or not a timestamp.
 */
export function coolingOffWords(receivableFrom: string, now = Date.now()): string | undefined {
  const at = new Date(receivableFrom);
  const ms = at.getTime() - now;
  if (Number.isNaN(ms) || ms <= 0) return undefined;
  const today = new Date(now).toISOString().slice(0, 10);
  const day = at.toISOString().slice(0, 10);
  const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} UTC`;
  return `can be sent from ${day === today ? '' : `${day} `}${time} (in ${inWords(ms)})`;
}

// Timestamps are shown in UTC (what the upstream and the auditors speak); the operator's local time
// is offered on hover. Parsing is by Date only for display: the raw string stays the source of truth.

function parse(value: string): Date | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2025-03-01 14:05 UTC" (or "2025-03-01" with dateOnly); undefined when not a timestamp. */
export function formatUtc(value: string, dateOnly = false): string | undefined {
  const date = parse(value);
  if (!date) return undefined;
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  if (dateOnly) return day;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** "14:05:09 UTC": the time of day alone (a balance or a price read minutes ago); undefined when not a timestamp. */
export function formatUtcTime(value: string): string | undefined {
  const date = parse(value);
  if (!date) return undefined;
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
}

// Built once: constructing an Intl.DateTimeFormat costs far more than formatting with one, and a
// 1,000-row statements page formats two timestamps per row (bench/statements-page-bench.ts).
let localFormat: Intl.DateTimeFormat | undefined;

/** The same instant in the browser's time zone, with the zone's name. */
export function formatLocal(value: string): string {
  const date = parse(value);
  if (!date) return value;
  // dateStyle/timeStyle cannot be combined with timeZoneName (Chromium throws): name the fields.
  localFormat ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
  return localFormat.format(date);
}

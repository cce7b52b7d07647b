/**
 * A timestamptz column as ISO 8601 UTC text made by the database (milliseconds, truncated as the
 * drivers' Date truncates them): a select of many rows then skips the driver's date parser and
 * `toISOString`, about a tenth of the audit export's CPU (docs/bench.md). `isoTime` passes it on.
 */
export function isoTimeSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * timestamptz as the drivers give it (Date from pg and PGlite), as `isoTimeSql` made it, or text
 * in another form if a driver changes → ISO 8601 UTC.
 */
export function isoTime(value: unknown): string {
  if (typeof value === 'string' && ISO_UTC.test(value)) return value;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** jsonb as the drivers give it (parsed); text is parsed for drivers that do not. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

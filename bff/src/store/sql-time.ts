/** timestamptz as the drivers give it (Date from pg and PGlite, text if a driver changes) → ISO 8601 UTC. */
export function isoTime(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** jsonb as the drivers give it (parsed); text is parsed for drivers that do not. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

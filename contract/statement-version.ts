/**
 * Statements are immutable: a correction is a new statement in the same statement_group_id with a
 * higher version. One rule for reading versions, shared by the Statements page and the CSV export.
 */

/** A version as a whole number without leading zeros; undefined when it is not one. */
export function wholeVersion(version: string | number | undefined): string | undefined {
  if (version === undefined) return undefined;
  const text = String(version);
  return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : undefined;
}

/** Whole-number versions compared as digit strings (a version is a counter, not money). */
export function compareStatementVersion(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

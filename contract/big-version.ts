/**
 * A member `version` whose value is an integer literal of 16 digits or more. It can only match
 * outside strings: inside one, every `"` is escaped, so `{` or `,` is never directly before it.
 */
const LONG_VERSION = /([{,]\s*"version"\s*:\s*)(-?\d{16,})(?=\s*[,}])/g;

/**
 * JSON text with every `version` given as an integer beyond 2^53 turned into a string, before
 * JSON.parse rounds it (a statement's `version` is an int64, docs/upstream-contract.md). A
 * reviver cannot do it: it sees the number already rounded, and the source text of a literal
 * (JSON.parse source text access) is not in Node 20 nor in every browser. Other members, and
 * versions that fit a double exactly, are left as they are.
 */
export function quoteBigVersions(text: string): string {
  if (!text.includes('"version"')) return text;
  return text.replace(LONG_VERSION, (literal, head: string, digits: string) =>
    Number.isSafeInteger(Number(digits)) ? literal : `${head}"${digits}"`,
  );
}

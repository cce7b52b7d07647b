/** The content codings the build writes beside a static file (scripts/vite-precompress.ts). */
export type StaticCoding = 'br' | 'gzip';

/** Ours first: brotli is the smaller of the two, so it wins a tie. */
const PREFERENCE: readonly StaticCoding[] = ['br', 'gzip'];

/** Each coding of an Accept-Encoding header and its weight (q); a malformed weight counts as 0. */
function weights(header: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((piece) => piece.trim());
      if (key !== 'q') continue;
      const parsed = value !== undefined && /^[01](\.\d{0,3})?$/.test(value) ? Number(value) : 0;
      q = parsed <= 1 ? parsed : 0;
    }
    found.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  return found;
}

/**
 * The coding to send a static file in (RFC 9110, 12.5.3), among those `available` beside it:
 * the highest weight wins, brotli before gzip at equal weight; `q=0` refuses a coding (and `*;q=0`
 * every coding not named). Undefined means the file as it is (identity): no header, only
 * codings we do not have, or identity named with a higher weight than the best of ours.
 */
export function preferredCoding(
  header: string | undefined,
  available: ReadonlySet<StaticCoding>,
): StaticCoding | undefined {
  if (!header) return undefined;
  const accepted = weights(header);
  const weightOf = (coding: string) => accepted.get(coding) ?? accepted.get('*') ?? 0;
  let best: StaticCoding | undefined;
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    if (!available.has(coding)) continue;
    const weight = weightOf(coding);
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  const identity = accepted.get('identity');
  return identity !== undefined && identity > bestWeight ? undefined : best;
}

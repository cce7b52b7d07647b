const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** The index of the quote that ends the string begun before `from` (-1 when it never ends). */
function closingQuote(body: Uint8Array, from: number, end: number): number {
  // Native search: strings hold most of a page's bytes.
  let at = body.indexOf(QUOTE, from);
  while (at >= 0 && at < end) {
    let backslashes = 0;
    while (body[at - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return at;
    at = body.indexOf(QUOTE, at + 1);
  }
  return -1;
}

/**
 * Whether `body` is one whole JSON object: it opens with `{` and its brackets (outside strings)
 * close exactly at its last non-space byte. A cheap check, not a parse: it finds what a page cut
 * short looks like (any strict prefix of an object fails it), which is the fault a streamed page
 * can carry with status 200, at a fraction of JSON.parse's cost and without building the objects
 * the SPA will build anyway (docs/bench.md, "A malformed page is a 502").
 */
export function isWholeJsonObject(body: Uint8Array): boolean {
  let end = body.length;
  while (end > 0 && isSpace(body[end - 1]!)) end -= 1;
  let start = 0;
  while (start < end && isSpace(body[start]!)) start += 1;
  if (start >= end || body[start] !== OPEN_BRACE || body[end - 1] !== CLOSE_BRACE) return false;
  let depth = 0;
  for (let i = start; i < end; i += 1) {
    const byte = body[i]!;
    if (byte === QUOTE) {
      i = closingQuote(body, i + 1, end);
      if (i < 0) return false;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth += 1;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth -= 1;
      // Closed before the end: something follows the object (or more closes than opens).
      if (depth <= 0 && i !== end - 1) return false;
    }
  }
  return depth === 0;
}

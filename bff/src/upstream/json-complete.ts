/**
 * Whether `bytes` is one whole JSON object or array: it opens with `{` or `[`, every bracket
 * outside a string closes in order, the outermost closes on the last byte (whitespace aside), and
 * no string is left open. A body cut anywhere (a truncated page the upstream sent with a 200 and
 * a matching length) fails: the outermost bracket of a prefix never closes.
 *
 * Structure only, not a full validation: `{"a":tru}` passes. That is the price of the hot read
 * path (GET /api/statements passes the page through unparsed): JSON.parse of the bench's 87 KB
 * page costs about 160 µs, this scan about 55 (docs/bench.md, "A malformed page"); the SPA parses
 * what it gets and says so when a token is wrong.
 *
 * The scan jumps over each string with indexOf (native) instead of reading it byte by byte, which
 * costs twice as much on pages that are mostly strings.
 */
export function isCompleteJson(bytes: Uint8Array): boolean {
  const buffer = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = buffer.length;
  let i = skipSpace(buffer, 0);
  const first = buffer[i];
  if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) return false;
  // The closing bracket each open one expects; deeper than this is not a page we pass on.
  const expected = new Uint8Array(MAX_DEPTH);
  let depth = 0;
  for (; i < end; i++) {
    const byte = buffer[i]!;
    if (byte === QUOTE) {
      i = closingQuote(buffer, i + 1);
      if (i === -1) return false;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (depth === MAX_DEPTH) return false;
      // `}` is `{` + 2 and `]` is `[` + 2 in ASCII.
      expected[depth++] = byte + 2;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      if (depth === 0 || expected[--depth] !== byte) return false;
      if (depth === 0) return skipSpace(buffer, i + 1) === end;
    }
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const MAX_DEPTH = 256;

/** The index of the quote that ends the string whose content starts at `from`, or -1. */
function closingQuote(buffer: Buffer, from: number): number {
  for (;;) {
    const quote = buffer.indexOf(QUOTE, from);
    if (quote === -1) return -1;
    // Escaped when an odd number of backslashes stands before it.
    let backslashes = 0;
    while (buffer[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if ((backslashes & 1) === 0) return quote;
    from = quote + 1;
  }
}

function skipSpace(buffer: Buffer, from: number): number {
  let i = from;
  while (i < buffer.length) {
    const byte = buffer[i];
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) break;
    i++;
  }
  return i;
}

import { JSON_COMPLETE_WASM } from './json-complete-wasm';

/**
 * Whether `bytes` is one whole JSON object or array: it opens with `{` or `[`, every bracket
 * outside a string closes in order, the outermost closes on the last byte (whitespace aside), and
 * no string is left open. A body cut anywhere (a truncated page the upstream sent with a 200 and
 * a matching length) fails: the outermost bracket of a prefix never closes.
 *
 * Structure only, not a full validation: `{"a":tru}` passes. That is the price of the hot read
 * path (GET /api/statements passes the page through unparsed): on the bench's 87 KB page
 * JSON.parse costs about 160 µs, the same scan in JavaScript about 60 (it jumps over each string
 * with indexOf, ~10 ns a call), and this one, in WebAssembly 32 bytes a step (json-complete.wat),
 * about 14 on V8's baseline compiler, which the BFF runs WebAssembly on (8 on TurboFan;
 * docs/bench.md, "A malformed page as a 502"). The SPA parses what it gets and says so when a
 * token is wrong.
 */
export function isCompleteJson(body: Uint8Array | readonly Uint8Array[]): boolean {
  // A body as it came (chunks, never joined: whole-body.ts) is copied into the scanner's memory
  // piece by piece, which is the one copy a single buffer costs too.
  const chunks = body instanceof Uint8Array ? [body] : body;
  let end = 0;
  for (const chunk of chunks) end += chunk.length;
  const memory = scanner.memory;
  const needed = BODY_OFFSET + end;
  if (memory.buffer.byteLength < needed)
    memory.grow(Math.ceil((needed - memory.buffer.byteLength) / WASM_PAGE));
  const view = new Uint8Array(memory.buffer);
  let at = BODY_OFFSET;
  for (const chunk of chunks) {
    view.set(chunk, at);
    at += chunk.length;
  }
  const start = skipSpace(view, BODY_OFFSET, needed);
  const first = view[start];
  if (start === needed || (first !== OPEN_OBJECT && first !== OPEN_ARRAY)) return false;
  // The first bracket's closer: `}` is `{` + 2 and `]` is `[` + 2 in ASCII.
  view[0] = first + 2;
  const after = scanner.scan(start + 1, needed);
  return after >= 0 && skipSpace(view, after, needed) === needed;
}

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
/** Where json-complete.wat reads the body from (below: the stack of expected closers). */
const BODY_OFFSET = 1024;
const WASM_PAGE = 65_536;

interface Scanner {
  memory: WebAssembly.Memory;
  scan: (start: number, end: number) => number;
}

/**
 * One instance for the process, made at load (760 bytes: compiled synchronously in well under a
 * millisecond). Calls never overlap: the scan is synchronous. Its memory grows to the largest
 * page seen and stays (at most the statements route's 16 MB bound).
 */
const scanner = new WebAssembly.Instance(
  new WebAssembly.Module(Buffer.from(JSON_COMPLETE_WASM, 'base64')),
).exports as unknown as Scanner;

function skipSpace(bytes: Uint8Array, from: number, end: number): number {
  let i = from;
  while (i < end) {
    const byte = bytes[i];
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) break;
    i++;
  }
  return i;
}

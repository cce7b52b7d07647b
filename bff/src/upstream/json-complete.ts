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
export function isCompleteJson(bytes: Uint8Array): boolean {
  const end = bytes.length;
  const start = skipSpace(bytes, 0);
  const first = bytes[start];
  if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) return false;
  const memory = scanner.memory;
  const needed = BODY_OFFSET + end;
  if (memory.buffer.byteLength < needed)
    memory.grow(Math.ceil((needed - memory.buffer.byteLength) / WASM_PAGE));
  const view = new Uint8Array(memory.buffer);
  view.set(bytes, BODY_OFFSET);
  // The first bracket's closer: `}` is `{` + 2 and `]` is `[` + 2 in ASCII.
  view[0] = first + 2;
  const after = scanner.scan(BODY_OFFSET + start + 1, BODY_OFFSET + end);
  return after >= 0 && skipSpace(bytes, after - BODY_OFFSET) === end;
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

function skipSpace(bytes: Uint8Array, from: number): number {
  let i = from;
  while (i < bytes.length) {
    const byte = bytes[i];
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) break;
    i++;
  }
  return i;
}

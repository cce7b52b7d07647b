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
 * 12-15 on TurboFan, which the BFF's V8 policy lets optimise this module alone (v8-policy.ts;
 * 19-22 on Liftoff; docs/bench.md, "A malformed page as a 502"). The SPA parses what it gets and
 * says so when a token is wrong.
 */
export function isCompleteJson(body: Uint8Array | readonly Uint8Array[]): boolean {
  const check = new JsonCompleteness();
  if (body instanceof Uint8Array) check.push(body);
  else for (const chunk of body) check.push(chunk);
  return check.complete;
}

/**
 * The same check fed a body chunk by chunk as it comes (whole-body.ts): each chunk is scanned
 * while it is still in the CPU's cache from the socket read, and the scanner's memory holds one
 * chunk, not the body. A chunk cut anywhere (inside a string, after a backslash, between
 * brackets) carries on where the last one stopped. Bodies read side by side each keep their own.
 */
export class JsonCompleteness {
  #phase: 'before' | 'inside' | 'after' | 'refused' = 'before';
  /**
   * Inside: the closers still expected, outermost first (a plain array: a page nests a few
   * levels, and a typed array a body cost more to make than the copies), and the carried state.
   */
  #stack: number[] = [];
  #depth = 0;
  #inString = 0;
  #escaped = 0;

  /** Whole so far: one bracketed value closed, then whitespace only. */
  get complete(): boolean {
    return this.#phase === 'after';
  }

  push(chunk: Uint8Array): void {
    let from = 0;
    if (this.#phase === 'before') {
      from = skipSpace(chunk, 0, chunk.length);
      if (from === chunk.length) return;
      const first = chunk[from]!;
      if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) return void (this.#phase = 'refused');
      // The first bracket's closer: `}` is `{` + 2 and `]` is `[` + 2 in ASCII.
      this.#stack[0] = first + 2;
      this.#depth = 1;
      this.#phase = 'inside';
      from += 1;
    }
    if (this.#phase === 'inside') from = this.#scan(chunk, from);
    if (this.#phase === 'after' && skipSpace(chunk, from, chunk.length) !== chunk.length)
      this.#phase = 'refused';
  }

  /** Scans chunk[from..] in WebAssembly; answers where the first bracket closed, if it did. */
  #scan(chunk: Uint8Array, from: number): number {
    const length = chunk.length - from;
    const { view, state } = scannerMemory(BODY_OFFSET + length);
    const stack = this.#stack;
    for (let i = 0; i < this.#depth; i++) view[i] = stack[i]!;
    state[0] = this.#depth;
    state[1] = this.#inString;
    state[2] = this.#escaped;
    view.set(from === 0 ? chunk : chunk.subarray(from), BODY_OFFSET);
    const after = scanner.scan(BODY_OFFSET, BODY_OFFSET + length);
    if (after === STILL_OPEN) {
      this.#depth = state[0]!;
      this.#inString = state[1]!;
      this.#escaped = state[2]!;
      stack.length = this.#depth;
      for (let i = 0; i < this.#depth; i++) stack[i] = view[i]!;
      return chunk.length;
    }
    if (after < 0) {
      this.#phase = 'refused';
      return chunk.length;
    }
    this.#phase = 'after';
    return from + after - BODY_OFFSET;
  }
}

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
/** Where json-complete.wat reads a chunk from; below it, the closers expected and the state. */
const BODY_OFFSET = 1024;
const STATE_OFFSET = 256;
/** scan()'s answer for a chunk that ended with the first bracket still open. */
const STILL_OPEN = -2;
const WASM_PAGE = 65_536;

interface Scanner {
  memory: WebAssembly.Memory;
  scan: (start: number, end: number) => number;
}

/**
 * One instance for the process, made at load (under a kilobyte: compiled synchronously in well
 * under a millisecond). Calls never overlap: the scan is synchronous, and each body's state goes
 * in and out with its chunk. Its memory grows to the largest chunk seen and stays.
 */
const scanner = new WebAssembly.Instance(
  new WebAssembly.Module(Buffer.from(JSON_COMPLETE_WASM, 'base64')),
).exports as unknown as Scanner;

/** Views of the scanner's memory, made again only when it grows (a grow detaches the old). */
let views: { view: Uint8Array; state: Int32Array } | undefined;
function scannerMemory(needed: number): { view: Uint8Array; state: Int32Array } {
  const memory = scanner.memory;
  if (memory.buffer.byteLength < needed)
    memory.grow(Math.ceil((needed - memory.buffer.byteLength) / WASM_PAGE));
  if (views === undefined || views.view.buffer !== memory.buffer)
    views = {
      view: new Uint8Array(memory.buffer),
      state: new Int32Array(memory.buffer, STATE_OFFSET, 3),
    };
  return views;
}

function skipSpace(bytes: Uint8Array, from: number, end: number): number {
  let i = from;
  while (i < end) {
    const byte = bytes[i];
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) break;
    i++;
  }
  return i;
}

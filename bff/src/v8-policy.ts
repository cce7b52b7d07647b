// The BFF's V8 settings (docs/bench.md, "V8's heap growth and PGlite's WebAssembly"), chosen from
// the bench's numbers, not by taste. server.ts applies them first (./v8-policy-applied.ts), before
// anything compiles WebAssembly; the PGlite initdb child gets them as node flags.

export const V8_POLICY = [
  // The old generation may grow to 1.4 times what the last full GC left alive, always. V8's own
  // choice is tied to its memory reducer (made for idle browser tabs): once that has run, V8
  // grows the heap slowly until it sees idleness again, which under steady load it never does. A BFF that sat idle before a burst then kept its old generation at ~1.2 × live
  // and marked every ~60 ms: about twice the CPU a request (450-680 µs against 230-280). The same
  // freedom let a 100,000-row export grow the old generation to ~125 MB before a full GC (RSS
  // +93 MB, +28 at twice live). It was twice live (100) until 29 November: what a request's
  // buffers hold outside the heap (the upstream's answer, the socket reads: glibc's heap) is
  // freed only when their objects are collected, and at twice live the proxy bench's peak was
  // 148 MB on PostgreSQL and 200-207 on PGlite. At 1.5x: 123 and 183-195 (issue 41 item 4's 128
  // and 192); at 1.4x, PGlite 179-185 in every mode, CPU a request 0.84-1.07x the minimal
  // proxy's; at 1.3x, 178-181 but 1.2-1.5x its CPU at c=50 (docs/bench.md, "Memory").
  '--heap-growing-percent=40',
  // WebAssembly (PGlite's PostgreSQL, undici's HTTP parser) stays on Liftoff, V8's baseline
  // compiler: with V8's default tiering the process kept 80-90 MB more of malloc'd memory
  // (glibc's heap: 92-102 MB against 10-12 with Liftoff only), the difference between 210-250 MB
  // and 130-150 MB idle; PGlite's initdb child peaks at ~780 MB on Liftoff, ~890 MB without.
  // The one function V8 may still optimise is a module's function 0. In PGlite's, initdb's and
  // llhttp's modules that index is an import, nothing compiled (v8-policy.test.ts checks it), so
  // they stay on Liftoff; in the page's completeness scan (upstream/json-complete.wat: no imports,
  // one function) it is the scan, which TurboFan runs in about two thirds of Liftoff's time, on
  // every statements page read (docs/bench.md). Was `--liftoff-only`, which kept it on Liftoff.
  '--wasm-tier-up-filter=0',
] as const;

/**
 * The V8 settings that hold only when given on node's command line (V8 sizes the young
 * generation when it creates the heap: set at run time they change nothing): `npm start`
 * (package.json) and the bench's BFF processes pass them; a container that starts
 * `node dist/bff/server.js` itself should too (v8-policy.test.ts checks package.json).
 * - The young generation's semi-spaces at most 2 MB (V8's default on 64-bit: 16 MB). What a
 *   proxied read leaves behind is mostly outside V8's heap: the upstream's answer, read from its
 *   socket into 64 KB buffers (87 KB a statements page) that glibc holds until the scavenge that
 *   finds them dead, and V8 scavenges when the young generation is full (or, whatever its size,
 *   at 32 MB of such buffers). At 16 MB the BFF's peak RSS on PostgreSQL under the proxy bench
 *   was 157-159 MB; at 4 MB 115-136 (glibc's heap 26-34 MB at the peak, heaptrack: the socket
 *   reads); at 2 MB 105-109 and 160-169 on PGlite (issue 41 item 4: 128 and 192), CPU a request
 *   within the machine's noise of the minimal proxy's. At 1 MB the requests in flight fill half
 *   of it and survive into the old generation: 1.9x the CPU (docs/bench.md, "Memory").
 */
export const V8_START_FLAGS = ['--max-semi-space-size=2'];

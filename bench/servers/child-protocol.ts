// The bench runs each server in its own process, so the load generator never shares an event
// loop with what it measures. A child says { type: 'ready', url }, and answers { type: 'ask' }
// with { type: 'answer', data }: its CPU counters, its memory, or what the child itself knows
// (the upstream's stats, the store's first opening).
import { readFileSync } from 'node:fs';

export type Question = 'memory' | 'stats' | 'cpu' | 'resources' | 'open-store' | 'breakdown';
export type ParentMessage = { type: 'ask'; what: Question };
export type ChildMessage =
  | { type: 'ready'; url: string }
  | { type: 'answer'; data: unknown }
  | { type: 'failed'; error: string };

/** What a child reports of itself: CPU time (µs, process.cpuUsage) and memory (bytes). */
export interface ChildResources {
  cpu: NodeJS.CpuUsage;
  rss: number;
  /** The largest resident set this process has had (getrusage). */
  maxRss: number;
  heapUsed: number;
}

export function resources(): ChildResources {
  return {
    cpu: process.cpuUsage(),
    rss: process.memoryUsage.rss(),
    maxRss: process.resourceUsage().maxRSS * 1024,
    heapUsed: process.memoryUsage().heapUsed,
  };
}

export function serveParent(
  answer: (what: Question) => unknown,
  /** What to close before exiting on SIGTERM (the BFF's store: a clean shutdown, no recovery next start). */
  close?: () => Promise<void>,
): void {
  process.on('message', (message: ParentMessage) => {
    if (message.type !== 'ask') return;
    // CPU time of this process, read by the process itself, before and after each phase.
    const data =
      message.what === 'cpu'
        ? process.cpuUsage()
        : message.what === 'resources'
          ? resources()
          : message.what === 'breakdown'
            ? memoryBreakdown()
            : answer(message.what);
    void Promise.resolve(data).then((value) => process.send!({ type: 'answer', data: value }));
  });
  // The parent going away ends the child.
  process.on('disconnect', () => process.exit(0));
  // A normal exit, so --cpu-prof can write its profile.
  process.on('SIGTERM', () => {
    if (!close) process.exit(0);
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

export function memoryAfterGc(): NodeJS.MemoryUsage {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
}

/**
 * Where a process's resident memory is (MB), from /proc/self/smaps and process.memoryUsage(),
 * without forcing a GC. V8's heap and the WebAssembly memories are anonymous memory too, counted
 * as V8 counts them (committed, not necessarily all resident): parts of `anonymous`, not beside it.
 */
export interface MemoryBreakdown {
  rss: number;
  /** glibc's main malloc arena (the [heap] mapping): what C++ allocates (sockets, V8's compiler). */
  malloc: number;
  /** The node binary and the shared libraries, resident pages of their files. */
  files: number;
  /** Every other resident page: V8's heap, WebAssembly memories, glibc's second arena, stacks. */
  anonymous: number;
  /** Of those, V8's heap: used, and committed (used and free pages). */
  v8HeapUsed: number;
  v8HeapCommitted: number;
  /** WebAssembly memories (PGlite's PostgreSQL, undici's parser): external less ArrayBuffers. */
  wasm: number;
  /**
   * Of `anonymous`, the WebAssembly memories' resident pages: V8 reserves each 32-bit memory with
   * its guard region, gigabytes of address space a mapping, which nothing else here maps. PGlite's
   * is the large one: the embedded database's share of the RSS.
   */
  wasmResident: number;
}

/** At least this much address space in one piece is a WebAssembly memory's reservation. */
const WASM_RESERVATION = 4n * 1024n ** 3n;

export function memoryBreakdown(): MemoryBreakdown {
  const kb = { heap: 0, files: 0, anonymous: 0, rss: 0, wasm: 0 };
  const mappings: Array<{ start: bigint; end: bigint; access: string; name: string; rss: number }> =
    [];
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (mapping) {
      const [, start, end, access, name] = mapping;
      mappings.push({
        start: BigInt(`0x${start}`),
        end: BigInt(`0x${end}`),
        access: access!,
        name: name!,
        rss: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = mappings[mappings.length - 1];
    if (rss && last) last.rss = Number(rss[1]);
  }
  mappings.forEach((m, i) => {
    kb.rss += m.rss;
    if (m.name === '[heap]') kb.heap += m.rss;
    else if (m.name.startsWith('/')) kb.files += m.rss;
    else kb.anonymous += m.rss;
    // A WebAssembly memory: its accessible pages, then the rest of its reservation (no access),
    // gigabytes together; nothing else in this process reserves that much in one piece.
    const guard = mappings[i + 1];
    if (
      m.access.startsWith('rw') &&
      m.name === '' &&
      guard?.start === m.end &&
      guard.access === '---p' &&
      guard.end - m.start >= WASM_RESERVATION
    )
      kb.wasm += m.rss;
  });
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const usage = process.memoryUsage();
  return {
    rss: mb(kb.rss * 1024),
    malloc: mb(kb.heap * 1024),
    files: mb(kb.files * 1024),
    anonymous: mb(kb.anonymous * 1024),
    v8HeapUsed: mb(usage.heapUsed),
    v8HeapCommitted: mb(usage.heapTotal),
    wasm: mb(usage.external - usage.arrayBuffers),
    wasmResident: mb(kb.wasm * 1024),
  };
}

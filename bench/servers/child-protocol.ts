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

/** Where a process's resident memory is (MB), from /proc/self/smaps, without forcing a GC. */
export interface MemoryBreakdown {
  rss: number;
  /** V8's heap as V8 counts it (committed: used and free pages). */
  v8Heap: number;
  /**
   * WebAssembly memories (PGlite's PostgreSQL, undici's HTTP parser) as resident: V8 reserves
   * each in an anonymous mapping of at least 8 GB (its guard region), which nothing else maps.
   */
  wasm: number;
  /** glibc's main malloc arena (the [heap] mapping): what C++ allocates (Node's buffers, ICU...). */
  malloc: number;
  /** The node binary and the shared libraries, resident pages of their files. */
  files: number;
  /**
   * The rest of the anonymous memory less V8's heap: glibc's second arena (MALLOC_ARENA_MAX=2),
   * threads' stacks, V8's code and other pages outside its heap count.
   */
  otherAnonymous: number;
}

export function memoryBreakdown(): MemoryBreakdown {
  const kb = { wasm: 0, heap: 0, files: 0, anonymous: 0, rss: 0 };
  let current: { sizeKb: number; name: string } | undefined;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (mapping) {
      current = { sizeKb: 0, name: mapping[1]! };
      continue;
    }
    const size = /^Size:\s+(\d+) kB/.exec(line);
    if (size && current) current.sizeKb = Number(size[1]);
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss || !current) continue;
    const value = Number(rss[1]);
    kb.rss += value;
    if (current.name === '[heap]') kb.heap += value;
    else if (current.name.startsWith('/')) kb.files += value;
    else if (current.name !== '') kb.anonymous += value;
    else if (current.sizeKb >= 8 * 1024 * 1024) kb.wasm += value;
    else kb.anonymous += value;
  }
  const mb = (value: number) => Math.round(value / 1024);
  const v8Heap = process.memoryUsage().heapTotal / 1024;
  return {
    rss: mb(kb.rss),
    v8Heap: mb(v8Heap),
    wasm: mb(kb.wasm),
    malloc: mb(kb.heap),
    files: mb(kb.files),
    otherAnonymous: mb(Math.max(0, kb.anonymous - v8Heap)),
  };
}

// The bench runs each server in its own process, so the load generator never shares an event
// loop with what it measures. A child says { type: 'ready', url }, and answers { type: 'ask' }
// with { type: 'answer', data }: its CPU counters, its memory, or what the child itself knows
// (the upstream's stats, the store's first opening).

export type Question = 'memory' | 'stats' | 'cpu' | 'resources' | 'open-store';
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

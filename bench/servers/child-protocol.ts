// The bench runs each server in its own process, so the load generator never shares an event
// loop with what it measures. A child says { type: 'ready', url }, and answers { type: 'ask' }
// with { type: 'answer', data } (its memory, the sandbox's stats).

export type Question = 'memory' | 'stats' | 'cpu';
export type ParentMessage = { type: 'ask'; what: Question };
export type ChildMessage =
  | { type: 'ready'; url: string }
  | { type: 'answer'; data: unknown }
  | { type: 'failed'; error: string };

export function serveParent(answer: (what: 'memory' | 'stats') => unknown): void {
  process.on('message', (message: ParentMessage) => {
    if (message.type !== 'ask') return;
    // CPU time of this process (µs), to compute what each request costs it.
    const data = message.what === 'cpu' ? process.cpuUsage() : answer(message.what);
    process.send!({ type: 'answer', data });
  });
  // The parent going away ends the child.
  process.on('disconnect', () => process.exit(0));
  // A normal exit, so --cpu-prof can write its profile.
  process.on('SIGTERM', () => process.exit(0));
}

export function memoryAfterGc(): NodeJS.MemoryUsage {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
}

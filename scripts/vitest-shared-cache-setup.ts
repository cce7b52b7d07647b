// Runs before each test file of the projects whose files share one module cache per worker
// (vitest.config.ts, `isolate: false`). A file there starts where the one before it ended, so
// what a file may change of the process is put back when it ends: real timers, unstubbed
// globals and environment variables, spies restored. A file that mocks a module (vi.mock) never
// runs there: a module an earlier file imported stays cached and the mock would not apply.
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit and integration tests sit next to the code they test. Node code runs in node;
// the SPA's component tests run in happy-dom.

/** Test files under `dir` (recursively) whose names match `pattern`. */
function testFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The files that mock a module (vi.mock, vi.doMock). Every other file shares one module cache per
 * worker (`isolate: false`): importing the BFF, React and the contract again for each file was
 * most of the run (29 November: the BFF's 119 files 154 s shared, the web's 122 files 116 s
 * isolated and 17 s shared). A mock would not apply to a module an earlier file already
 * imported, so these keep a module graph of their own.
 */
function mockingFiles(dir: string, pattern: RegExp): string[] {
  return testFiles(dir, pattern).filter((file) =>
    /\bvi\.(?:do)?mock\(/.test(readFileSync(file, 'utf8')),
  );
}

const BFF_TESTS = /\.test\.ts$/;
const WEB_TESTS = /\.test\.tsx?$/;
const bffMocking = mockingFiles('bff', BFF_TESTS);
const webMocking = mockingFiles('web', WEB_TESTS);
// Puts back what a file may change of the process (timers, stubs, spies) when it ends.
const SHARED_CACHE_SETUP = 'scripts/vitest-shared-cache-setup.ts';

const bff = {
  environment: 'node' as const,
  // One migrated PGlite cluster for the run, which in-memory test stores start from.
  globalSetup: ['bff/test-support/pglite-template-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

const web = { environment: 'happy-dom' as const, testTimeout: 15_000 };
const WEB_SETUP = 'web/test-support/async-timeout-setup.ts';

export default defineConfig({
  test: {
    // One worker per core (Vitest's default leaves one core idle: a single worker on two cores).
    // Most files wait on I/O (PGlite, sockets, child processes) more than they compute, and every
    // file has its own database schema and ports, so two run side by side safely.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          ...bff,
          name: 'node',
          include: ['bff/**/*.test.ts'],
          exclude: bffMocking,
          isolate: false,
          setupFiles: [SHARED_CACHE_SETUP],
        },
      },
      ...(bffMocking.length > 0
        ? [{ test: { ...bff, name: 'node-isolated', include: bffMocking } }]
        : []),
      {
        test: {
          // The contract's and the local upstream's files mock nothing, stub no global and keep no
          // module state between files (64 files: 123 s isolated, 45 s not).
          name: 'node-shared',
          environment: 'node',
          include: ['contract/**/*.test.ts', 'sandbox/**/*.test.ts'],
          isolate: false,
          setupFiles: [SHARED_CACHE_SETUP],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          ...web,
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          exclude: webMocking,
          isolate: false,
          setupFiles: [WEB_SETUP, SHARED_CACHE_SETUP],
        },
      },
      {
        plugins: [react()],
        test: { ...web, name: 'web-isolated', include: webMocking, setupFiles: [WEB_SETUP] },
      },
    ],
  },
});

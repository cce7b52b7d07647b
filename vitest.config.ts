import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit and integration tests sit next to the code they test. Node code runs in node;
// the SPA's component tests run in happy-dom.
export default defineConfig({
  test: {
    // One worker per core (Vitest's default leaves one core idle: a single worker on two cores).
    // Most files wait on I/O (PGlite, sockets, child processes) more than they compute, and every
    // file has its own database schema and ports, so two run side by side safely.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['bff/**/*.test.ts'],
          // One migrated PGlite cluster for the run, which in-memory test stores start from.
          globalSetup: ['bff/test-support/pglite-template-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The contract's and the local upstream's files mock nothing, stub no global and keep no
          // module state between files: they share one module cache per worker instead of
          // importing everything again for each file (64 files with three BFF ones: 123 s isolated,
          // 45 s not, green either way, same load). The BFF's files stay isolated until checked.
          name: 'node-shared',
          environment: 'node',
          include: ['contract/**/*.test.ts', 'sandbox/**/*.test.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test-support/async-timeout-setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});

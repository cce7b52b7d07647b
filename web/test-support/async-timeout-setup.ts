// Component tests run beside the BFF's integration tests on two cores, where one render can take
// more than a second. Testing Library's default wait (1 s) then fails a test whose page is right,
// only late: waits get 5 s. What each test expects to see is unchanged.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

configure({ asyncUtilTimeout: 5_000 });

// Files share one document per worker (vitest.config.ts): what a test rendered is unmounted after
// it, whether or not its file says so (Testing Library's own cleanup needs Vitest's globals).
afterEach(() => {
  cleanup();
});

// vi.waitFor has its own default (1 s) and no setting for it: the same 5 s unless a test names
// its own timeout. Wrapped once per worker: this file runs again before each file.
const WRAPPED = Symbol.for('asset-ops.waitFor-5s');
if (!(WRAPPED in vi.waitFor)) {
  const waitFor = vi.waitFor.bind(vi);
  vi.waitFor = Object.assign(
    ((callback, options) =>
      waitFor(
        callback,
        typeof options === 'number' ? options : { timeout: 5_000, ...options },
      )) as typeof vi.waitFor,
    { [WRAPPED]: true },
  );
}

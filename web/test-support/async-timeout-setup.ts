// Component tests run beside the BFF's integration tests on two cores, where one render can take
// more than a second. Testing Library's default wait (1 s) then fails a test whose page is right,
// only late: waits get 5 s. What each test expects to see is unchanged.
import { configure } from '@testing-library/react';
import { vi } from 'vitest';

configure({ asyncUtilTimeout: 5_000 });

// vi.waitFor has its own default (1 s) and no setting for it: the same 5 s unless a test names
// its own timeout.
const waitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: 5_000, ...options },
  )) as typeof vi.waitFor;

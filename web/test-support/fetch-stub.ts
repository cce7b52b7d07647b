import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';

/**
 * A fetch mock in place of the global fetch for each test of the file, fresh for each (its calls
 * and any answers a test queued are dropped; `answer`, where given, is what it answers until a
 * test says otherwise). After each test, Testing Library's cleanup and the real fetch back.
 * Call it at the top of a test file.
 */
export function stubFetch(answer?: (input: never, init?: RequestInit) => unknown): Mock {
  const fetchMock = answer ? vi.fn(answer) : vi.fn();
  beforeEach(() => {
    // Back to `answer` (or no answer) with no calls: as a new vi.fn() would be.
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return fetchMock as Mock;
}

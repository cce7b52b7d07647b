import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-load';

const memoryStorage = () => {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
};

describe('chunk load errors', () => {
  it('recognises vite\'s "Unable to preload CSS" and failed dynamic imports', () => {
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/page-abc.css'))).toBe(
      true,
    );
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
  });

  it('reloads once, then lets the page explain instead of looping', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForChunkError(storage, reload, 1_000_000)).toBe(true);
    expect(reloadOnceForChunkError(storage, reload, 1_005_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // Much later (a later deployment), it may reload again.
    expect(reloadOnceForChunkError(storage, reload, 1_100_000)).toBe(true);
  });
});

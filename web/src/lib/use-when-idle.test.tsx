import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWhenIdle } from './use-when-idle';

describe('useWhenIdle', () => {
  afterEach(() => {
    // Unmounted while the stubs still stand: its cleanup calls the stubbed cancelIdleCallback.
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('turns true when the browser calls back idle, not before', () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((callback: () => void) => {
        idle = callback;
        return 7;
      }),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { result } = renderHook(() => useWhenIdle(500));
    expect(result.current).toBe(false);
    expect(window.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), {
      timeout: 500,
    });
    act(() => idle?.());
    expect(result.current).toBe(true);
  });

  it('cancels its callback when unmounted first', () => {
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn(() => 7),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { unmount } = renderHook(() => useWhenIdle());
    unmount();
    expect(window.cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('without requestIdleCallback, turns true in the next task', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const { result } = renderHook(() => useWhenIdle());
    expect(result.current).toBe(false);
    act(() => vi.runAllTimers());
    expect(result.current).toBe(true);
  });
});

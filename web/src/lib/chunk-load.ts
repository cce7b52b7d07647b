// A page's code or CSS that cannot be loaded (vite's "Unable to preload CSS", a failed dynamic
// import) almost always means a new deployment replaced the files this tab was built against, or a
// network blip on first open. The console reloads once by itself; if that does not help, the page
// says so in words instead of showing the raw error.

const RELOADED_AT_KEY = 'asset-ops.chunk-reload-at';
/** Within this window a second failure is not reloaded again: no reload loop. */
const RELOAD_WINDOW_MS = 30_000;

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Unable to preload CSS|dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/**
 * Decides what to do with a failed preload: true when the page reloads (once per window), false
 * when it already did recently and the error should reach the page's error boundary.
 */
export function reloadOnceForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void,
  now = Date.now(),
): boolean {
  let last: number;
  try {
    last = Number(storage.getItem(RELOADED_AT_KEY));
  } catch {
    // No storage: reloading without a guard could loop, so let the boundary explain instead.
    return false;
  }
  if (Number.isFinite(last) && now - last < RELOAD_WINDOW_MS) return false;
  try {
    storage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** Installs the handler for vite's `vite:preloadError` event. Call once at start-up. */
export function recoverFromPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunkError(sessionStorage, () => window.location.reload())) {
      // The reload takes over: the raw error must not flash on screen meanwhile.
      event.preventDefault();
    }
  });
}

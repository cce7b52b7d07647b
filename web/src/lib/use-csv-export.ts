import { useCallback, useEffect, useRef, useState } from 'react';
import type { CsvExportOutcome } from './csv-progress';

export type CsvExportState =
  | { status: 'idle' }
  | { status: 'running'; rows: number }
  | { status: 'done'; outcome: CsvExportOutcome; href: string; fileName: string }
  | { status: 'failed'; rows: number; error: unknown }
  | { status: 'cancelled'; rows: number };

const IDLE: CsvExportState = { status: 'idle' };

/**
 * Loaded on the first export, not with the page: the reader of the stream and its status line
 * are about 1 KB brotli that a first load of the statements page does not use.
 */
async function download(
  url: string,
  signal: AbortSignal,
  options: { expectStatusLine?: boolean },
  onProgress: (rows: number) => void,
) {
  const { downloadCsv } = await import('./csv-download');
  return downloadCsv(url, { signal, expectStatusLine: options.expectStatusLine, onProgress });
}

/**
 * One export at a time: start, watch the rows arrive, cancel, then save the file. `scope` names
 * what is exported (the filters): an export belongs to the scope it started under, and when the
 * scope changes it is cancelled and its message cleared, so "Export complete: 5 rows" never stands
 * above a table of other filters.
 */
export function useCsvExport(scope = '') {
  const [current, setState] = useState<{ state: CsvExportState; scope: string }>({
    state: IDLE,
    scope,
  });
  const scopeNow = useRef(scope);
  scopeNow.current = scope;
  const controller = useRef<AbortController | null>(null);
  const blobUrl = useRef<string | null>(null);
  const rowsSoFar = useRef(0);

  const releaseBlob = () => {
    if (blobUrl.current) URL.revokeObjectURL(blobUrl.current);
    blobUrl.current = null;
  };

  useEffect(
    () => () => {
      controller.current?.abort();
      releaseBlob();
    },
    [],
  );

  const start = useCallback(
    async (url: string, fileName: string, options: { expectStatusLine?: boolean } = {}) => {
      const previous = controller.current;
      const abort = new AbortController();
      controller.current = abort;
      previous?.abort();
      releaseBlob();
      rowsSoFar.current = 0;
      const startedIn = scopeNow.current;
      const show = (state: CsvExportState) => setState({ state, scope: startedIn });
      show({ status: 'running', rows: 0 });
      try {
        const { outcome, blob } = await download(url, abort.signal, options, (rows) => {
          rowsSoFar.current = rows;
          if (!abort.signal.aborted) show({ status: 'running', rows });
        });
        if (abort.signal.aborted || controller.current !== abort) return;
        const href = URL.createObjectURL(blob);
        blobUrl.current = href;
        show({ status: 'done', outcome, href, fileName });
      } catch (error) {
        if (abort.signal.aborted) {
          // Cancelled by the operator (still the current export), or replaced by a new one.
          if (controller.current === abort) show({ status: 'cancelled', rows: rowsSoFar.current });
          return;
        }
        show({ status: 'failed', rows: rowsSoFar.current, error });
      }
    },
    [],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  const reset = useCallback(() => {
    const previous = controller.current;
    controller.current = null;
    previous?.abort();
    releaseBlob();
    setState({ state: IDLE, scope: scopeNow.current });
  }, []);

  // Another scope (the filters changed): the export of the earlier one is stopped and forgotten.
  const stale = current.scope !== scope && current.state.status !== 'idle';
  useEffect(() => {
    if (stale) reset();
  }, [stale, reset]);

  return { state: stale ? IDLE : current.state, start, cancel, reset };
}

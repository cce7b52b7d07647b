import { useCallback, useEffect, useRef, useState } from 'react';
import type { CsvExportOutcome } from './csv-progress';
import { downloadCsv } from './csv-download';

export type CsvExportState =
  | { status: 'idle' }
  | { status: 'running'; rows: number }
  | { status: 'done'; outcome: CsvExportOutcome; href: string; fileName: string }
  | { status: 'failed'; rows: number; error: unknown }
  | { status: 'cancelled'; rows: number };

/** One export at a time: start, watch the rows arrive, cancel, then save the file. */
export function useCsvExport() {
  const [state, setState] = useState<CsvExportState>({ status: 'idle' });
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
      setState({ status: 'running', rows: 0 });
      try {
        const { outcome, blob } = await downloadCsv(url, {
          signal: abort.signal,
          expectStatusLine: options.expectStatusLine,
          onProgress: (rows) => {
            rowsSoFar.current = rows;
            if (!abort.signal.aborted) setState({ status: 'running', rows });
          },
        });
        if (abort.signal.aborted || controller.current !== abort) return;
        const href = URL.createObjectURL(blob);
        blobUrl.current = href;
        setState({ status: 'done', outcome, href, fileName });
      } catch (error) {
        if (abort.signal.aborted) {
          // Cancelled by the operator (still the current export), or replaced by a new one.
          if (controller.current === abort)
            setState({ status: 'cancelled', rows: rowsSoFar.current });
          return;
        }
        setState({ status: 'failed', rows: rowsSoFar.current, error });
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
    setState({ status: 'idle' });
  }, []);

  return { state, start, cancel, reset };
}

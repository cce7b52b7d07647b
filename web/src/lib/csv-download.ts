import { jsonOrUndefined, noAnswerError, refusalError } from './api-fetch';
import { CsvProgress, type CsvExportOutcome } from './csv-progress';
import { reportSessionEnded } from './session-status';

interface CsvDownload {
  outcome: CsvExportOutcome;
  blob: Blob;
}

/**
 * Streams a CSV export from the BFF (fetch + ReadableStream), reporting the rows received so far,
 * and returns the file as a Blob for the operator to save. The export is a GET with the X-CSRF
 * header, which a plain link cannot send: that is why it goes through fetch.
 */
export async function downloadCsv(
  url: string,
  options: {
    signal?: AbortSignal;
    onProgress?: (rows: number) => void;
    /** The export ends with `# export complete|partial: …` (default true). */
    expectStatusLine?: boolean;
  } = {},
): Promise<CsvDownload> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'X-CSRF': '1', Accept: 'text/csv, application/problem+json' },
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    throw noAnswerError(error);
  }
  if (!response.ok) {
    if (response.status === 401) reportSessionEnded();
    // Not a whole problem: the same reading as every other call (what it says is kept).
    throw refusalError(await jsonOrUndefined(response), response);
  }
  const progress = new CsvProgress();
  const decoder = new TextDecoder();
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      options.onProgress?.(progress.push(decoder.decode(value, { stream: true })));
    }
  } else {
    options.onProgress?.(progress.push(await response.text()));
  }
  progress.push(decoder.decode());
  const { outcome, text } = progress.finish(options.expectStatusLine ?? true);
  options.onProgress?.(outcome.rows);
  return { outcome, blob: new Blob([text], { type: 'text/csv;charset=utf-8' }) };
}

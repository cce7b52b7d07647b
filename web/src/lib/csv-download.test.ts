import { afterEach, describe, expect, it, vi } from 'vitest';
import { noAnswerProblem } from '#contract/problem';
import { looseProblem } from './api-fetch';
import { downloadCsv } from './csv-download';
import { isApiError } from './api-error';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('downloadCsv', () => {
  it('reports rows as chunks arrive and returns the file without the status line', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(streamOf(['id,amount\n', 'a,1\nb,', '2\n', '# export complete: 2 rows\n']), {
          status: 200,
          headers: { 'Content-Type': 'text/csv' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const progress: number[] = [];
    const result = await downloadCsv('/api/statements/export.csv?customer_id=c', {
      onProgress: (rows) => progress.push(rows),
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/statements/export.csv?customer_id=c',
      expect.objectContaining({ headers: expect.objectContaining({ 'X-CSRF': '1' }) }),
    );
    expect(progress).toEqual([0, 1, 2, 2, 2]);
    expect(result.outcome).toEqual({ kind: 'complete', rows: 2, serverRows: 2 });
    expect(await result.blob.text()).toBe('id,amount\na,1\nb,2\n');
  });

  it('turns a problem+json answer into an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'x' }),
            { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
          ),
      ),
    );
    const error = await downloadCsv('/api/statements/export.csv').catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(400);
  });

  it('reads a non-problem error answer the way every other call does (nothing made up)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>gateway</html>', { status: 502, statusText: 'Bad' })),
    );
    const error = await downloadCsv('/api/statements/export.csv').catch((e: unknown) => e);
    expect(isApiError(error) && error.problem).toEqual(looseProblem(undefined, 502));
  });

  it('a fetch that got no answer is the one no-answer problem', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await downloadCsv('/api/statements/export.csv').catch((e: unknown) => e);
    expect(isApiError(error) && error.problem).toEqual(noAnswerProblem());
    expect(isApiError(error) && error.noAnswer).toBe(true);
  });
});

import express, { type ErrorRequestHandler } from 'express';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { streamCsvPages, type CsvSourcePage } from './csv-page-stream';

/** Pages of `perPage` numbers up to `total`; `fail` makes the page at that cursor throw. */
function numberPages(total: number, perPage: number, fail?: string) {
  const asked: string[] = [];
  const page = async (cursor: string | undefined): Promise<CsvSourcePage<number>> => {
    asked.push(cursor ?? 'first');
    if (cursor !== undefined && cursor === fail) throw new Error('the store went away');
    const from = cursor === undefined ? 0 : Number(cursor);
    const items = Array.from({ length: Math.min(perPage, total - from) }, (_, i) => from + i);
    const next = from + perPage;
    return next < total ? { items, next_cursor: String(next) } : { items };
  };
  return { page, asked };
}

async function get(handler: express.RequestHandler) {
  const app = express();
  app.get('/', handler);
  const onError: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    if (res.headersSent) return void res.destroy();
    res.status(502).type('text/plain').send(error.message);
  };
  app.use(onError);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    // A cut answer: fetch fails at the headers or the body, depending on what was flushed.
    const response = await fetch(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    ).catch(() => undefined);
    const text = (await response?.text().catch(() => undefined)) ?? 'CUT';
    return { status: response?.status, headers: response?.headers ?? new Headers(), text };
  } finally {
    server.close();
  }
}

describe('streamCsvPages', () => {
  it('writes every page in order, with the header and the complete line', async () => {
    const source = numberPages(2_500, 1_000);
    const answer = await get(async (_req, res) => {
      await streamCsvPages(res, {
        filename: 'n.csv',
        header: 'n\r\n',
        row: (n) => `${n}\r\n`,
        page: source.page,
        ending: { complete: (rows) => `# ${rows}\r\n`, partial: () => '# partial\r\n' },
      });
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="n.csv"');
    const lines = answer.text.split('\r\n');
    expect(lines[0]).toBe('n');
    expect(lines.slice(1, -2).map(Number)).toEqual(Array.from({ length: 2_500 }, (_, i) => i));
    expect(lines.at(-2)).toBe('# 2500');
    expect(source.asked).toEqual(['first', '1000', '2000']);
  });

  it('asks for the next page before writing the current one', async () => {
    const source = numberPages(30, 10);
    const askedWhenWriting: number[] = [];
    await get(async (_req, res) => {
      await streamCsvPages(res, {
        filename: 'n.csv',
        header: 'n\r\n',
        row: (n) => {
          if (n % 10 === 0) askedWhenWriting.push(source.asked.length);
          return `${n}\r\n`;
        },
        page: source.page,
      });
    });
    // Writing page 1 (rows 0-9): pages 1 and 2 asked; page 2: 3 asked; page 3: nothing more.
    expect(askedWhenWriting).toEqual([2, 3, 3]);
  });

  it('ends with the partial line when a later page fails, and a first failure is no file', async () => {
    const later = numberPages(30, 10, '20');
    const partial = await get(async (_req, res) => {
      await streamCsvPages(res, {
        filename: 'n.csv',
        header: 'n\r\n',
        row: (n) => `${n}\r\n`,
        page: later.page,
        ending: {
          complete: () => '# complete\r\n',
          partial: (rows, error) => `# partial: ${rows}, ${(error as Error).message}\r\n`,
        },
      });
    });
    expect(partial.text.split('\r\n').at(-2)).toBe('# partial: 20, the store went away');

    const noEnding = await get(async (_req, res) => {
      await streamCsvPages(res, {
        filename: 'n.csv',
        header: 'n\r\n',
        row: (n) => `${n}\r\n`,
        page: numberPages(30, 10, '20').page,
      });
    });
    expect(noEnding.text).toBe('CUT');

    const first = await get(async (_req, res) => {
      await streamCsvPages(res, {
        filename: 'n.csv',
        header: 'n\r\n',
        row: (n) => `${n}\r\n`,
        page: async () => {
          throw new Error('no store');
        },
      });
    });
    expect(first.status).toBe(502);
    expect(first.headers.get('content-disposition')).toBeNull();
  });
});

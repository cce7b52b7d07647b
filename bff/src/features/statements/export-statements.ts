import type { RequestHandler, Response } from 'express';
import type { ListStatementsResponse } from '#contract/statements';
import { requestIdOf } from '#bff/http/request-id';
import type { Logger } from '#bff/logger';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { fetchExportPage, type ExportPage } from './export-page';
import { CSV_HEADER, incompleteRowsTrailer, statementCsvRows } from './statements-csv';
import { parseStatementsQuery } from './statements-query';
import { createVersionRun, type ReleasedStatement } from './version-run';
import { writeWithBackpressure } from '#bff/http/write-with-backpressure';

/** Flush to the socket at about this size: few writes, and memory bounded by one page. */
const CHUNK_BYTES = 64 * 1024;

function safeFileName(customerId: string): string {
  return `statements-${customerId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64)}.csv`;
}

/**
 * GET /api/statements/export.csv: the same filters as the list; walks every page server-side
 * and streams CSV in constant memory (one page at a time, backpressure honoured). The last line
 * tells the operator whether the file is complete or partial, and why. A first page the upstream
 * refuses is a problem (nothing exported yet, so the SPA can explain it); a failure after that
 * ends the file with the partial line, since the status line is already sent.
 */
export function exportStatementsCsv(
  upstream: UpstreamClient,
  options: { maxPages: number; logger: Logger },
): RequestHandler {
  return async (req, res) => {
    const query = parseStatementsQuery(req.originalUrl);
    const requestId = requestIdOf(req, res);
    const abort = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    const context = { requestId, signal: abort.signal };
    const fetchPage = (cursor: string | undefined) =>
      fetchExportPage(upstream, query, cursor, context);

    const first = await fetchPage(query.page_cursor);
    if (abort.signal.aborted) return;
    if (!first.ok) throw first.problem;

    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${safeFileName(query.customer_id)}"`,
    );
    if (!(await writeWithBackpressure(res, CSV_HEADER))) return;

    const walked = await writePages(res, first.page, query.page_cursor, {
      fetchPage,
      aborted: () => abort.signal.aborted,
      maxPages: options.maxPages,
    });
    if (!walked) return;
    const { rows, pages, ending, incomplete } = walked;
    const complete = ending.startsWith('# export complete');
    options.logger[complete ? 'info' : 'warn'](
      { req_id: requestId, rows, pages, complete },
      complete ? 'statements export complete' : 'statements export partial',
    );
    res.end(incompleteRowsTrailer(incomplete) + ending);
  };
}

/**
 * Writes the rows of `first` and of each page after it, and says where the walk ended: the last
 * page, a repeated cursor, EXPORT_MAX_PAGES, or a page that failed. Undefined when the reader
 * went away (nothing more is written).
 */
async function writePages(
  res: Response,
  first: ListStatementsResponse,
  firstCursor: string | undefined,
  walk: {
    fetchPage: (cursor: string) => Promise<ExportPage>;
    aborted: () => boolean;
    maxPages: number;
  },
) {
  let page = first;
  let pages = 1;
  let rows = 0;
  let previousCursor = firstCursor;
  const incomplete: Array<{ row: number; fields: readonly string[] }> = [];
  // A statement is written once it is known whether a later version replaces it.
  const versions = createVersionRun();
  let chunk = '';
  const write = async (released: readonly ReleasedStatement[], flush: boolean) => {
    for (const { statement, supersededBy } of released) {
      if (statement.unreadable)
        incomplete.push({ row: rows + 1, fields: statement.unreadable.fields });
      const out = statementCsvRows(statement, supersededBy);
      chunk += out.text;
      rows += out.rows;
    }
    if (chunk.length < (flush ? 1 : CHUNK_BYTES)) return true;
    const text = chunk;
    chunk = '';
    return writeWithBackpressure(res, text);
  };
  const done = async (ending: () => string) =>
    (await write(versions.flush(), true))
      ? { rows, pages, ending: ending(), incomplete }
      : undefined;
  for (;;) {
    for (const statement of page.statements)
      if (!(await write(versions.add(statement), false))) return undefined;
    const cursor = page.next_page_cursor;
    if (!cursor) return done(() => `# export complete: ${rows} rows\r\n`);
    if (cursor === previousCursor)
      return done(
        () => `# export partial: ${rows} rows, because the upstream repeated a page cursor\r\n`,
      );
    if (pages >= walk.maxPages)
      return done(
        () =>
          `# export partial: ${rows} rows, because EXPORT_MAX_PAGES (${walk.maxPages}) was reached\r\n`,
      );
    // What this page wrote reaches the reader before the next page is asked for.
    if (!(await write([], true))) return undefined;
    const next = await walk.fetchPage(cursor);
    if (walk.aborted()) return undefined;
    if (!next.ok) return done(() => `# export partial: ${rows} rows, because ${next.reason}\r\n`);
    previousCursor = cursor;
    page = next.page;
    pages += 1;
  }
}

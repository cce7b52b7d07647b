import type { RequestHandler } from 'express';
import {
  ListStatementsResponseSchema,
  type ListStatementsQuery,
  type ListStatementsResponse,
} from '#contract/statements';
import { HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import type { Logger } from '#bff/logger';
import { readJsonBody, UpstreamFailure, type UpstreamClient } from '#bff/upstream/upstream-client';
import { problemFromUpstream } from '#bff/upstream/upstream-problem';
import { CSV_HEADER, incompleteRowsTrailer, statementCsvRows } from './statements-csv';
import { parseStatementsQuery, upstreamStatementsQuery } from './statements-query';
import { writeWithBackpressure } from '#bff/http/write-with-backpressure';

type PageResult =
  { ok: true; page: ListStatementsResponse } | { ok: false; reason: string; problem: HttpProblem };

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

    async function fetchPage(cursor: string | undefined): Promise<PageResult> {
      const pageQuery: ListStatementsQuery = {
        ...query,
        ...(cursor === undefined ? {} : { page_cursor: cursor }),
      };
      try {
        const response = await upstream.call('listStatements', {
          query: upstreamStatementsQuery(pageQuery),
          requestId,
          signal: abort.signal,
        });
        if (response.status !== 200) {
          const problem = await problemFromUpstream(response);
          return {
            ok: false,
            reason: `the upstream answered ${response.status} (${problem.problem.detail ?? problem.problem.title})`,
            problem,
          };
        }
        const body = await readJsonBody(response);
        const parsed = body.ok ? ListStatementsResponseSchema.safeParse(body.value) : undefined;
        if (!parsed?.success) {
          return {
            ok: false,
            reason: body.ok
              ? 'the upstream answered a page in an unexpected shape'
              : 'the upstream answered malformed JSON',
            problem: new HttpProblem({
              title: 'Bad Gateway',
              status: 502,
              detail: 'The upstream answered in an unexpected shape.',
            }),
          };
        }
        return { ok: true, page: parsed.data };
      } catch (error) {
        if (error instanceof UpstreamFailure) {
          return {
            ok: false,
            reason: `the upstream could not be reached (${error.kind})`,
            problem: new HttpProblem({
              title: error.kind === 'timeout' ? 'Gateway Timeout' : 'Bad Gateway',
              status: error.kind === 'timeout' ? 504 : 502,
              detail: 'The upstream could not be reached. Try again.',
            }),
          };
        }
        if (abort.signal.aborted) {
          return {
            ok: false,
            reason: 'the reader went away',
            problem: new HttpProblem({ title: 'Client Closed Request', status: 499 }),
          };
        }
        if (error instanceof HttpProblem) {
          return {
            ok: false,
            reason: error.problem.detail ?? error.problem.title,
            problem: error,
          };
        }
        throw error;
      }
    }

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

    let page = first.page;
    let pages = 1;
    let rows = 0;
    let previousCursor = query.page_cursor;
    let ending: string;
    const incomplete: Array<{ row: number; fields: readonly string[] }> = [];
    for (;;) {
      let chunk = '';
      for (const statement of page.statements) {
        if (statement.unreadable)
          incomplete.push({ row: rows + 1, fields: statement.unreadable.fields });
        const out = statementCsvRows(statement);
        chunk += out.text;
        rows += out.rows;
        if (chunk.length >= CHUNK_BYTES) {
          if (!(await writeWithBackpressure(res, chunk))) return;
          chunk = '';
        }
      }
      if (chunk && !(await writeWithBackpressure(res, chunk))) return;

      const cursor = page.next_page_cursor;
      if (!cursor) {
        ending = `# export complete: ${rows} rows\r\n`;
        break;
      }
      if (cursor === previousCursor) {
        ending = `# export partial: ${rows} rows, because the upstream repeated a page cursor\r\n`;
        break;
      }
      if (pages >= options.maxPages) {
        ending = `# export partial: ${rows} rows, because EXPORT_MAX_PAGES (${options.maxPages}) was reached\r\n`;
        break;
      }
      const next = await fetchPage(cursor);
      if (abort.signal.aborted) return;
      if (!next.ok) {
        ending = `# export partial: ${rows} rows, because ${next.reason}\r\n`;
        break;
      }
      previousCursor = cursor;
      page = next.page;
      pages += 1;
    }
    const complete = ending.startsWith('# export complete');
    options.logger[complete ? 'info' : 'warn'](
      { req_id: requestId, rows, pages, complete },
      complete ? 'statements export complete' : 'statements export partial',
    );
    res.end(incompleteRowsTrailer(incomplete) + ending);
  };
}

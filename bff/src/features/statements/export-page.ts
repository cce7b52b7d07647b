import {
  ListStatementsResponseSchema,
  type ListStatementsQuery,
  type ListStatementsResponse,
} from '#contract/statements';
import { HttpProblem } from '#bff/http/http-problem';
import { readJsonBody, UpstreamFailure, type UpstreamClient } from '#bff/upstream/upstream-client';
import { problemFromUpstream } from '#bff/upstream/upstream-json';
import { upstreamStatementsQuery } from './statements-query';

/**
 * One page of an export, or why there is none: `reason` ends a partial file's last line, and
 * `problem` answers a first page that failed (nothing exported yet).
 */
export type ExportPage =
  { ok: true; page: ListStatementsResponse } | { ok: false; reason: string; problem: HttpProblem };

/** Fetches the page at `cursor` (undefined: the first) of the export's query. */
export async function fetchExportPage(
  upstream: UpstreamClient,
  query: ListStatementsQuery,
  cursor: string | undefined,
  context: { requestId: string; signal: AbortSignal },
): Promise<ExportPage> {
  const pageQuery: ListStatementsQuery = {
    ...query,
    ...(cursor === undefined ? {} : { page_cursor: cursor }),
  };
  try {
    const response = await upstream.call('listStatements', {
      query: upstreamStatementsQuery(pageQuery),
      requestId: context.requestId,
      signal: context.signal,
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
    return failedPage(error, context.signal);
  }
}

/** A page that threw: the upstream unreachable, the reader gone, or a problem of ours. */
function failedPage(error: unknown, signal: AbortSignal): ExportPage {
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
  if (signal.aborted) {
    return {
      ok: false,
      reason: 'the reader went away',
      problem: new HttpProblem({ title: 'Client Closed Request', status: 499 }),
    };
  }
  if (error instanceof HttpProblem) {
    return { ok: false, reason: error.problem.detail ?? error.problem.title, problem: error };
  }
  throw error;
}

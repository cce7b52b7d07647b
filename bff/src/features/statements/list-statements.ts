import type { RequestHandler } from 'express';
import { requestIdOf } from '#bff/http/request-id';
import { isCompleteJson } from '#bff/upstream/json-complete';
import {
  malformedUpstream,
  problemFromFailure,
  problemFromUpstream,
} from '#bff/upstream/upstream-problem';
import { readBodyBytes, UpstreamFailure, type UpstreamClient } from '#bff/upstream/upstream-client';
import { parseStatementsQuery, upstreamStatementsQuery } from './statements-query';

/**
 * GET /api/statements: validates the query, then passes the upstream's page on untouched once it
 * has come whole. The body is never parsed here: the SPA reads it with the tolerant schema, and
 * parsing 50 KB to re-serialize it would cost more than the rest of the request (docs/bench.md:
 * "Where a read's CPU went, and what was cut").
 */
export function listStatements(upstream: UpstreamClient): RequestHandler {
  return async (req, res) => {
    const query = parseStatementsQuery(req.originalUrl);
    // A reader who went away should not keep an upstream call (and a pool connection) busy.
    const abort = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) abort.abort();
    };
    res.once('close', onClose);
    let response;
    try {
      response = await upstream.call('listStatements', {
        query: upstreamStatementsQuery(query),
        requestId: requestIdOf(req, res),
        signal: abort.signal,
      });
    } catch (error) {
      // The reader went away and the call was aborted: nobody to answer, nothing to report.
      if (abort.signal.aborted) return;
      throw error;
    }
    if (response.status !== 200) throw await problemFromUpstream(response);
    const type = response.headers['content-type'];
    if (typeof type !== 'string' || !/^application\/json\s*(;|$)/i.test(type)) {
      await response.body.dump();
      throw malformedUpstream();
    }
    // The page is passed on once it is whole: a truncated body (a 200 whose JSON stops half way)
    // is a 502 like any malformed answer, never a 200 the browser cannot read. Not parsed: only
    // its brackets are checked (json-complete.ts says what that costs and what it leaves out).
    let read;
    try {
      read = await readBodyBytes(response, MAX_PAGE_BYTES);
    } catch (error) {
      if (abort.signal.aborted) return;
      if (error instanceof UpstreamFailure) throw problemFromFailure(error);
      throw error;
    }
    if (!read.ok || !isCompleteJson(read.bytes)) throw malformedUpstream();
    // Node's own API: the hot path gives this response no Express prototype (hot-routes.ts).
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', read.bytes.length);
    res.end(read.bytes);
  };
}

/**
 * A page of STATEMENTS_MAX_LIMIT statements is about 1 MB; sixteen times that is an upstream gone
 * wrong, not a page to hold in memory.
 */
const MAX_PAGE_BYTES = 16 * 1024 * 1024;

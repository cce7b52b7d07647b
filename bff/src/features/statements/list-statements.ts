import type { RequestHandler } from 'express';
import { requestIdOf } from '#bff/http/request-id';
import { malformedUpstream, problemFromUpstream } from '#bff/upstream/upstream-problem';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { parseStatementsQuery, upstreamStatementsQuery } from './statements-query';

/**
 * GET /api/statements: validates the query, then streams the upstream's page through untouched.
 * The body is never parsed here: the SPA reads it with the tolerant schema, and parsing 50 KB to
 * re-serialize it would cost more than the rest of the request (docs/bench.md: "Where a read's
 * CPU went, and what was cut").
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
    // Node's own API: the hot path gives this response no Express prototype (hot-routes.ts).
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    const length = response.headers['content-length'];
    if (typeof length === 'string') res.setHeader('Content-Length', length);
    // .pipe() rather than stream.pipeline: the latter costs ~90 µs a request on Node 20. Errors of
    // both streams are handled here instead: a body lost half way cuts the answer (never a crash).
    response.body.once('error', () => res.destroy());
    response.body.pipe(res);
  };
}

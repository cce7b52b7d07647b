import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { requestIdOf } from '#bff/http/request-id';
import { Cancellation } from '#bff/lib/cancellation';
import { isCompleteJson } from '#bff/upstream/json-complete';
import { WholeBody } from '#bff/upstream/whole-body';
import {
  malformedUpstream,
  problemFromFailure,
  problemFromUpstream,
} from '#bff/upstream/upstream-json';
import { readBodyBytes, UpstreamFailure, type UpstreamClient } from '#bff/upstream/upstream-client';
import { upstreamQueryReader } from './statements-query';

/**
 * GET /api/statements: validates the query, then passes the upstream's page on untouched once it
 * has come whole. The body is never parsed here: the SPA reads it with the tolerant schema, and
 * parsing 50 KB to re-serialize it would cost more than the rest of the request (docs/bench.md:
 * "Where a read's CPU went, and what was cut").
 */
export function listStatements(upstream: UpstreamClient): RequestHandler {
  const upstreamQueryOf = upstreamQueryReader();
  return async (req, res) => {
    const query = upstreamQueryOf(req.originalUrl);
    // A reader who went away should not keep an upstream call (and a pool connection) busy.
    const gone = new Cancellation();
    res.once('close', () => {
      if (!res.writableFinished) gone.cancel();
    });
    let response;
    try {
      response = await upstream.call('listStatements', {
        query,
        requestId: requestIdOf(req, res),
        cancellation: gone,
        whole: { maxBytes: MAX_PAGE_BYTES, checkJson: true },
      });
    } catch (error) {
      // The reader went away and the call was stopped: nobody to answer, nothing to report.
      if (gone.cancelled) return;
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
      if (gone.cancelled) return;
      if (error instanceof UpstreamFailure) throw problemFromFailure(error);
      throw error;
    }
    if (!read.ok || !isWholeJson(response.body, read.chunks)) throw malformedUpstream();
    // Node's own API: the hot path gives this response no Express prototype (hot-routes.ts).
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', read.length);
    sendChunks(res, read.chunks);
  };
}

/** Checked as it came (whole-body.ts), or now for a body that was not read that way. */
function isWholeJson(body: unknown, chunks: readonly Buffer[]): boolean {
  return body instanceof WholeBody ? body.isCompleteJson() : isCompleteJson(chunks);
}

/**
 * The page as it came, in one write of the socket (corked): the chunks are never joined. end()
 * uncorks the socket whatever was corked, so no uncork follows it.
 */
function sendChunks(res: ServerResponse, chunks: readonly Buffer[]): void {
  if (chunks.length === 1) return void res.end(chunks[0]);
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
}

/**
 * A page of STATEMENTS_MAX_LIMIT statements is about 1 MB; sixteen times that is an upstream gone
 * wrong, not a page to hold in memory.
 */
const MAX_PAGE_BYTES = 16 * 1024 * 1024;

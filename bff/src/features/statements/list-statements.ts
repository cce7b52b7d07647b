import type { RequestHandler } from 'express';
import { requestIdOf } from '#bff/http/request-id';
import { malformedUpstream, problemFromUpstream } from '#bff/upstream/upstream-problem';
import {
  UpstreamFailure,
  type UpstreamClient,
  type UpstreamResponse,
} from '#bff/upstream/upstream-client';
import { isWholeJsonObject } from './complete-json';
import { parseStatementsQuery, upstreamStatementsQuery } from './statements-query';

/**
 * GET /api/statements: validates the query, then passes the upstream's page through untouched,
 * once its brackets are known to close (a page cut short is a 502). The body is never parsed here:
 * the SPA reads it with the tolerant schema, and parsing 80 KB to re-serialize it would cost more
 * than the rest of the request (docs/bench.md: "Where a read's CPU went, and what was cut").
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
    // The page is held until its last byte (one page, ~80 KB) so that one cut short still gets a
    // 502 (as the CSV export answers) rather than a 200 the SPA cannot read.
    let body: Buffer;
    try {
      body = await wholeBody(response.body);
    } catch {
      if (abort.signal.aborted) return;
      throw new UpstreamFailure('network', false, 'upstream body lost');
    }
    if (!isWholeJsonObject(body)) throw malformedUpstream();
    // Node's own API: the hot path gives this response no Express prototype (hot-routes.ts).
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.end(body);
  };
}

/** The whole body, by 'data' events (cheaper than async iteration's promise per chunk). */
function wholeBody(stream: UpstreamResponse['body']): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

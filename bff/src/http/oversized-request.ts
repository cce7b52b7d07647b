import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestHandler } from 'express';
import { PROBLEM_CONTENT_TYPE } from '#contract/problem';
import type { Logger } from '../logger';
import { HttpProblem } from './http-problem';

/** Longest request target (path and query) the app reads; our longest real URL is far below. */
const MAX_URL_CHARS = 8 * 1024;

/** A request target longer than MAX_URL_CHARS is a 414 problem before any route parses it. */
export function urlLengthLimit(maxChars = MAX_URL_CHARS): RequestHandler {
  return (req, _res, next) => {
    if (req.url.length > maxChars) {
      throw new HttpProblem({
        title: 'URI Too Long',
        status: 414,
        detail: `The request URL is longer than ${maxChars} characters.`,
      });
    }
    next();
  };
}

const CLIENT_ERRORS: Record<string, { status: number; title: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    title: 'Request Header Fields Too Large',
    detail: 'The request line and headers are larger than this server reads (16 KiB).',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    title: 'Request Timeout',
    detail: 'The request was not received in time.',
  },
};
const MALFORMED = {
  status: 400,
  title: 'Bad Request',
  detail: 'The request could not be parsed as HTTP.',
};

/**
 * Requests Node refuses before the app sees them (headers over maxHeaderSize, a request line that
 * is not HTTP) get a problem+json answer like every other refusal, instead of Node's bare status
 * line, then the connection is closed (its remaining bytes cannot be trusted).
 */
export function answerClientErrors(server: Server, logger: Logger): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A response already under way on this connection cannot be followed by a raw one.
    const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const answer = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
    const requestId = randomUUID();
    logger.warn(
      { req_id: requestId, code: error.code, status: answer.status },
      'request refused by the HTTP parser',
    );
    const body = JSON.stringify({ type: 'about:blank', ...answer, request_id: requestId });
    socket.end(
      `HTTP/1.1 ${answer.status} ${answer.title}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}

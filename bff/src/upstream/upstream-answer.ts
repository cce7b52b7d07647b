import type { IncomingHttpHeaders } from 'node:http';
import { quoteBigVersions } from '#contract/big-version';
import { WholeBody } from './whole-body';

/** What callers read of an answer's body: undici's body stream, or a WholeBody (`whole`). */
export interface UpstreamBody extends AsyncIterable<Buffer> {
  text(): Promise<string>;
  dump(): Promise<void>;
  destroy(): void;
}

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: UpstreamBody;
  /** An earlier attempt of a write may have been committed upstream (timeout, reset, 5xx). */
  possiblyCommitted: boolean;
  attempts: number;
}

/** No usable answer at all: the last attempt timed out or lost its connection. */
export class UpstreamFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'network',
    readonly possiblyCommitted: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'UpstreamFailure';
  }
}

export const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/** Errors raised before a byte of the request left: the upstream cannot have processed it. */
export const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

export function errorCode(error: unknown): string {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code ?? 'UNKNOWN';
}

/** A body that stopped coming after its status: the request may well have been processed. */
function bodyLost(error: unknown): UpstreamFailure {
  const code = errorCode(error);
  return new UpstreamFailure(
    TIMEOUT_CODES.has(code) ? 'timeout' : 'network',
    true,
    `upstream body lost: ${code}`,
  );
}

/**
 * The whole body, for an answer passed on only once it is known to be whole (a page the browser
 * must not get cut): the chunks as they came, and their length. More than `maxBytes` is a
 * malformed answer, not memory to spend. A body read with `whole` is only waited for; any other
 * is read here.
 */
export async function readBodyBytes(
  response: UpstreamResponse,
  maxBytes: number,
): Promise<{ ok: true; chunks: Buffer[]; length: number } | { ok: false }> {
  const { body } = response;
  if (body instanceof WholeBody) {
    try {
      await body.done;
    } catch (error) {
      throw bodyLost(error);
    }
    return body.tooLarge || body.length > maxBytes
      ? { ok: false }
      : { ok: true, chunks: body.chunks, length: body.length };
  }
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of body) {
      length += chunk.length;
      if (length > maxBytes) {
        body.destroy();
        return { ok: false };
      }
      chunks.push(chunk);
    }
  } catch (error) {
    throw bodyLost(error);
  }
  return { ok: true, chunks, length };
}

/**
 * Reads a whole (small) upstream body as JSON; `ok: false` when it is not JSON. A body lost half
 * way is an UpstreamFailure: for a write the upstream has answered, so it was possibly committed.
 */
export async function readJsonBody(
  response: UpstreamResponse,
): Promise<{ ok: true; value: unknown } | { ok: false; text: string }> {
  let text: string;
  try {
    text = await response.body.text();
  } catch (error) {
    throw bodyLost(error);
  }
  try {
    // A statement's int64 `version` keeps its digits (contract/big-version.ts).
    return { ok: true, value: JSON.parse(quoteBigVersions(text)) };
  } catch {
    return { ok: false, text: text.slice(0, 200) };
  }
}

import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import type { Cancellation } from '#bff/lib/cancellation';
import { isCompleteJson, JsonCompleteness } from './json-complete';

/**
 * An upstream answer's body kept whole in memory as it came (the chunks, never joined), for an
 * answer passed on only once it is known to be whole. Read through undici's dispatch API rather
 * than `request`: no body stream, no async iterator, no AbortSignal a request. On the hot read
 * (GET /api/statements) those were about a twentieth of the BFF's CPU a request, and the join
 * of the chunks into one buffer another 87 KB of garbage a request (docs/bench.md, "Where the
 * BFF's time goes").
 */
export class WholeBody {
  readonly chunks: Buffer[] = [];
  length = 0;
  /** More than the bound came: the read was stopped, what came is dropped. */
  tooLarge = false;
  /** Settles when the body has come (or was dropped); rejects with the error that cut it. */
  readonly done: Promise<void>;
  #stop: () => void = () => {};
  #settle!: { resolve: () => void; reject: (error: unknown) => void };
  /** The completeness check fed every chunk as it comes, when the read asked for it. */
  readonly #json: JsonCompleteness | undefined;

  constructor(checkJson = false) {
    this.#json = checkJson ? new JsonCompleteness() : undefined;
    this.done = new Promise<void>((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
    // Nobody may be waiting yet when it fails: the caller reads `done` when it gets to it.
    this.done.catch(() => {});
  }

  /** @internal the read's own stop (undici's controller), set when the request starts. */
  stopWith(stop: () => void): void {
    this.#stop = stop;
  }

  /** @internal */
  settle(error?: unknown): void {
    if (error === undefined) this.#settle.resolve();
    else this.#settle.reject(error);
  }

  /** @internal a chunk came: kept, and checked while it is fresh when the read asked for it. */
  add(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.#json?.push(chunk);
  }

  /**
   * Whether what came is one whole JSON object or array (json-complete.ts), once the body is done:
   * from the check made as the chunks came when the read asked for it (`checkJson`), else by
   * scanning them now.
   */
  isCompleteJson(): boolean {
    return this.#json ? this.#json.complete : isCompleteJson(this.chunks);
  }

  /** The body as text (UTF-8), once whole. */
  async text(): Promise<string> {
    await this.done;
    return Buffer.concat(this.chunks, this.length).toString('utf8');
  }

  /** Not wanted: the read stops and what came is dropped. */
  async dump(): Promise<void> {
    this.destroy();
    await this.done.catch(() => {});
  }

  destroy(): void {
    this.chunks.length = 0;
    this.length = 0;
    // Settled first: the stop may report its own abort as this read's error.
    this.settle();
    this.#stop();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    await this.done;
    yield* this.chunks;
  }
}

interface WholeResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: WholeBody;
}

/** The request was stopped because nobody waits for it any more. */
class CancelledError extends Error {
  readonly code = 'UND_ERR_ABORTED';
  constructor() {
    super('The request was cancelled: its reader went away.');
    this.name = 'CancelledError';
  }
}

/** How a body is read whole: its bound, and whether to check it is whole JSON as it comes. */
export interface WholeRead {
  maxBytes: number;
  checkJson?: boolean;
}

/**
 * One request through `dispatcher.dispatch`: resolves with the status and headers, like
 * `request`, and the body keeps coming into a WholeBody (at most `maxBytes`). Rejects as
 * `request` does (a network error, a timeout, cancelled) when no status came.
 */
export function dispatchWhole(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  { maxBytes, checkJson = false }: WholeRead,
  cancellation: Cancellation | undefined,
): Promise<WholeResponse> {
  return new Promise((resolve, reject) => {
    let body: WholeBody | undefined;
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(controller) {
        cancellation?.onCancel(() => controller.abort(new CancelledError()));
      },
      onResponseStart(controller, statusCode, headers) {
        // 1xx informational answers come before the real one.
        if (statusCode < 200) return;
        body = new WholeBody(checkJson);
        body.stopWith(() => controller.abort(new CancelledError()));
        resolve({ statusCode, headers: headers as IncomingHttpHeaders, body });
      },
      onResponseData(controller, chunk) {
        if (body === undefined || body.tooLarge) return;
        body.length += chunk.length;
        if (body.length > maxBytes) {
          body.tooLarge = true;
          body.chunks.length = 0;
          body.settle();
          controller.abort(new CancelledError());
          return;
        }
        body.add(chunk);
      },
      onResponseEnd() {
        body?.settle();
      },
      onResponseError(_controller, error) {
        if (body === undefined) reject(error);
        else body.settle(error);
      },
    };
    dispatcher.dispatch(options, handler);
  });
}

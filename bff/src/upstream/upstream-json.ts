import type { z } from 'zod';
import {
  UPSTREAM_PROBLEMS,
  UpstreamProblemSchema,
  recognizeProblem,
  statusReason,
  type UpstreamProblem,
} from '#contract/problem';
import { HttpProblem } from '../http/http-problem';
import {
  readJsonBody,
  UpstreamFailure,
  type Operation,
  type UpstreamCallOptions,
  type UpstreamClient,
  type UpstreamResponse,
} from './upstream-client';

// What an upstream answer means to the operator: a 200's JSON read through its schema
// (callUpstreamJson), or the problem to answer: the upstream's own problem (problemFromUpstream),
// a 502/504 for no answer (problemFromFailure), a 502 for an unexpected shape.

/**
 * One upstream call whose 200 answer is read through `schema` (tolerantly: the schemas keep
 * unknown fields). Anything else is thrown as the problem to answer: the upstream's own problem,
 * a 502/504 for no answer, or 502 for an answer in an unexpected shape. `notFound` turns a 404
 * into a value (a read by id of something that is not there).
 */
export async function callUpstreamJson<S extends z.ZodType, N = never>(
  upstream: UpstreamClient,
  operation: Operation,
  options: UpstreamCallOptions,
  schema: S,
  notFound?: () => N,
): Promise<z.infer<S> | N> {
  let response;
  try {
    response = await upstream.call(operation, options);
  } catch (error) {
    if (error instanceof UpstreamFailure) throw problemFromFailure(error);
    throw error;
  }
  if (response.status === 404 && notFound) {
    await response.body.dump();
    return notFound();
  }
  if (response.status !== 200) throw await problemFromUpstream(response);
  let body;
  try {
    body = await readJsonBody(response);
  } catch (error) {
    if (error instanceof UpstreamFailure) throw problemFromFailure(error);
    throw error;
  }
  const parsed = body.ok ? schema.safeParse(body.value) : undefined;
  if (!parsed?.success) throw malformedUpstream();
  return parsed.data as z.infer<S>;
}

/**
 * The operator's status for an upstream error status: business refusals (400, 403, 404, 409, 422)
 * keep theirs; a 401 after a fresh token is our credentials' problem (502); 429 and 503 keep theirs
 * so Retry-After means something; any other 5xx is a 502.
 */
function operatorStatus(upstreamStatus: number): number {
  if (upstreamStatus === 401) return 502;
  if (upstreamStatus === 429 || upstreamStatus === 503) return upstreamStatus;
  if (upstreamStatus >= 500) return 502;
  if (upstreamStatus >= 400) return upstreamStatus;
  return 502;
}

/**
 * The title the operator sees: the service's own; for a problem sent without one, the published
 * title of its recognised type, else the HTTP reason phrase, said as such (never invented).
 */
function titleOf(upstream: UpstreamProblem, httpStatus: number): string {
  if (upstream.title !== undefined && upstream.title.trim() !== '') return upstream.title;
  const known = recognizeProblem(upstream, httpStatus);
  if (known !== undefined) return UPSTREAM_PROBLEMS[known].title;
  return `${statusReason(upstream.status ?? httpStatus)} (the service gave no title)`;
}

/**
 * The upstream's problem (tolerantly parsed: every member optional) as the operator's problem;
 * never a crash. Its `type` travels on unchanged, so the SPA recognises it by slug too.
 */
export async function problemFromUpstream(response: UpstreamResponse): Promise<HttpProblem> {
  let upstream: UpstreamProblem | undefined;
  try {
    const body = await readJsonBody(response);
    const parsed = body.ok ? UpstreamProblemSchema.safeParse(body.value) : undefined;
    upstream = parsed?.success ? parsed.data : undefined;
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
  }
  const status = operatorStatus(response.status);
  const headers: Record<string, string> = {};
  const retryAfter = response.headers['retry-after'];
  if ((status === 429 || status === 503) && typeof retryAfter === 'string')
    headers['retry-after'] = retryAfter;
  if (response.status === 401) {
    return new HttpProblem(
      {
        title: 'Bad Gateway',
        status,
        detail: "The upstream rejected the console's access token.",
        upstream_status: 401,
      },
      headers,
    );
  }
  if (!upstream) {
    return new HttpProblem(
      {
        title: status === 429 ? 'Too Many Requests' : 'Bad Gateway',
        status,
        detail: `The upstream answered ${response.status}.`,
        upstream_status: response.status,
      },
      headers,
    );
  }
  return new HttpProblem(
    {
      type: upstream.type ?? 'about:blank',
      title: titleOf(upstream, response.status),
      status,
      ...(upstream.detail !== undefined ? { detail: upstream.detail } : {}),
      ...(upstream.meta !== undefined ? { meta: upstream.meta } : {}),
      upstream_status: response.status,
    },
    headers,
  );
}

/** No answer at all from the upstream (timeouts and resets after retries) for a read. */
/** For the one error handler (http/problem-responses.ts): an upstream failure nobody caught. */
export function problemOfUncaughtFailure(error: unknown): HttpProblem | undefined {
  return error instanceof UpstreamFailure ? problemFromFailure(error) : undefined;
}

export function problemFromFailure(failure: UpstreamFailure): HttpProblem {
  return failure.kind === 'timeout'
    ? new HttpProblem({
        title: 'Gateway Timeout',
        status: 504,
        detail: 'The upstream did not answer in time. Try again.',
      })
    : new HttpProblem({
        title: 'Bad Gateway',
        status: 502,
        detail: 'The upstream could not be reached. Try again.',
      });
}

export function malformedUpstream(): HttpProblem {
  return new HttpProblem({
    title: 'Bad Gateway',
    status: 502,
    detail: 'The upstream answered in an unexpected shape.',
  });
}

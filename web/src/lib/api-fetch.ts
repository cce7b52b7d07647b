import {
  noAnswerProblem,
  ProblemSchema,
  UpstreamProblemSchema,
  statusReason,
  type Problem,
} from '#contract/problem';
import { ApiError } from './api-error';

// The one path from a fetch to an ApiError, for every way the SPA calls the BFF (JSON calls in
// api-client.ts, CSV downloads, the address file upload): no answer, a refusal and its problem.

/**
 * An error answer that is not a complete problem (no title, no status, or not JSON): what it
 * does say is kept, and what it leaves out is said to be missing rather than made up.
 */
export function looseProblem(json: unknown, httpStatus: number): Problem {
  const loose = UpstreamProblemSchema.safeParse(json);
  const given = loose.success ? loose.data : {};
  const status = given.status !== undefined && given.status >= 400 ? given.status : httpStatus;
  return {
    ...given,
    type: given.type ?? 'about:blank',
    title:
      given.title !== undefined && given.title.trim() !== ''
        ? given.title
        : `${statusReason(status)} (no title given)`,
    status,
    detail: given.detail ?? `The server answered ${httpStatus} without saying why.`,
  };
}

/**
 * What a failed fetch (network down, DNS, CORS) becomes: the "no answer" ApiError every call
 * shows. An abort stays an abort (the caller asked for it).
 */
export function noAnswerError(error: unknown): unknown {
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  return new ApiError(noAnswerProblem(), new Headers());
}

/** A refusal (not ok) as the ApiError it stands for: its problem, or what it did say of one. */
export function refusalError(json: unknown, response: Response): ApiError {
  const problem = ProblemSchema.safeParse(json);
  return new ApiError(
    problem.success ? problem.data : looseProblem(json, response.status),
    response.headers,
  );
}

/** The body as JSON, or undefined when it is none. */
export async function jsonOrUndefined(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

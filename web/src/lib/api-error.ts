import type { FieldError, Problem } from '../../../contract/problem';

/** Every failed BFF call becomes this: the problem+json body, parsed. */
export class ApiError extends Error {
  readonly problem: Problem;
  readonly headers: Headers;

  constructor(problem: Problem, headers: Headers) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.problem = problem;
    this.headers = headers;
  }

  get status(): number {
    return this.problem.status;
  }

  get fieldErrors(): FieldError[] {
    return this.problem.errors ?? [];
  }

  /** A withdrawal whose result could not be learned: never shown as failed. */
  get outcomeUnknown(): boolean {
    return this.problem.outcome === 'unknown';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

import { isConsoleProblem, type FieldError, type Problem } from '#contract/problem';

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

  /**
   * No HTTP answer at all (the fetch itself failed): the status is the console's stand-in, not
   * something a server said, so it is never shown as "Status 503".
   */
  get noAnswer(): boolean {
    return isConsoleProblem(this.problem, 'noAnswer') && !this.headers.has('content-type');
  }

  /** A withdrawal whose result could not be learned: never shown as failed. */
  get outcomeUnknown(): boolean {
    return this.problem.outcome === 'unknown';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

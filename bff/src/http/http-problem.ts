import type { FieldError, Problem } from '#contract/problem';

/** A problem to answer; `type` defaults to about:blank. Extension members are allowed. */
type ProblemInit = Partial<Pick<Problem, 'type'>> & {
  title: string;
  status: number;
  detail?: string;
  errors?: FieldError[];
  meta?: Record<string, unknown>;
  outcome?: 'unknown';
  ref_id?: string;
  [extension: string]: unknown;
};

/**
 * Thrown anywhere in a request; the app's error handler answers it as problem+json.
 * The one way a route reports an error.
 */
export class HttpProblem extends Error {
  readonly problem: Problem;
  readonly headers: Record<string, string>;

  constructor(problem: ProblemInit, headers: Record<string, string> = {}) {
    super(problem.detail ?? problem.title);
    this.problem = { ...problem, type: problem.type ?? 'about:blank' };
    this.headers = headers;
  }
}

export function badRequest(detail: string, errors?: FieldError[]): HttpProblem {
  return new HttpProblem({
    title: 'Bad Request',
    status: 400,
    detail,
    ...(errors ? { errors } : {}),
  });
}

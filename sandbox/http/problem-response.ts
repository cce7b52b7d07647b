import type { Response } from 'express';
import type { z } from 'zod';
import {
  fieldErrorsFromZod,
  PROBLEM_CONTENT_TYPE,
  UPSTREAM_PROBLEM_BASE,
  UPSTREAM_PROBLEMS,
  type FieldError,
  type UpstreamProblemSlug,
} from '#contract/problem';

export interface ProblemInit {
  status: number;
  /** Defaults to the published title of `type`; plain HTTP errors name their reason phrase. */
  title?: string;
  detail?: string;
  /** One of the service's published problem slugs; without one the problem is about:blank. */
  type?: UpstreamProblemSlug;
  meta?: Record<string, unknown>;
  /**
   * Field errors, written into `detail` ("amount: ...; asset: ..."): the service has no
   * `errors` array, so neither has its stand-in.
   */
  errors?: FieldError[];
  headers?: Record<string, string>;
}

function detailOf(init: ProblemInit): string | undefined {
  const fields = (init.errors ?? []).map((e) => (e.path ? `${e.path}: ${e.message}` : e.message));
  if (fields.length === 0) return init.detail;
  return init.detail === undefined ? fields.join('; ') : `${init.detail} (${fields.join('; ')})`;
}

/**
 * Sends a problem exactly as the service does (docs/upstream-contract.md, "Problems"):
 * `{ type, title, status, detail?, meta? }`, `type` in the service's namespace or about:blank.
 * The one way the sandbox answers an error.
 */
export function sendProblem(res: Response, init: ProblemInit): void {
  const detail = detailOf(init);
  const body = {
    type: init.type ? UPSTREAM_PROBLEM_BASE + init.type : 'about:blank',
    title: init.title ?? (init.type ? UPSTREAM_PROBLEMS[init.type].title : 'Error'),
    status: init.status,
    ...(detail !== undefined ? { detail } : {}),
    ...(init.meta !== undefined ? { meta: init.meta } : {}),
  };
  for (const [name, value] of Object.entries(init.headers ?? {})) res.setHeader(name, value);
  res.status(init.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

/**
 * A plain 400 Bad Request saying `detail`; with `field`, the detail is that query or body field's
 * error as well (written into the detail, as every field error).
 */
export function sendBadRequest(res: Response, detail: string, field?: string): void {
  sendProblem(res, {
    status: 400,
    title: 'Bad Request',
    detail,
    ...(field !== undefined ? { errors: [{ path: field, message: detail }] } : {}),
  });
}

/** A 400 for what a schema refused: `detail` says what was expected, the fields say why. */
export function sendInvalid(res: Response, detail: string, error: z.ZodError): void {
  sendProblem(res, {
    status: 400,
    title: 'Bad Request',
    detail,
    errors: fieldErrorsFromZod(error),
  });
}

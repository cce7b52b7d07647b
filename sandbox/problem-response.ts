import type { Response } from 'express';
import { PROBLEM_CONTENT_TYPE, type FieldError, type Problem } from '../contract/problem';

export interface ProblemInit {
  status: number;
  title: string;
  detail?: string;
  /** A slug under our problem namespace; plain HTTP errors use about:blank. */
  type?: string;
  meta?: Record<string, unknown>;
  errors?: FieldError[];
  headers?: Record<string, string>;
}

const PROBLEM_BASE = 'https://sandbox.asset-ops.local/problems/';

/** Sends an RFC 9457 problem (the contract's one error shape) and nothing else. */
export function sendProblem(res: Response, init: ProblemInit): void {
  const body: Problem = {
    type: init.type ? PROBLEM_BASE + init.type : 'about:blank',
    title: init.title,
    status: init.status,
    ...(init.detail !== undefined ? { detail: init.detail } : {}),
    ...(init.meta !== undefined ? { meta: init.meta } : {}),
    ...(init.errors !== undefined ? { errors: init.errors } : {}),
  };
  for (const [name, value] of Object.entries(init.headers ?? {})) res.setHeader(name, value);
  res.status(init.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

import type { Request } from 'express';
import { RefIdSchema } from '#contract/withdrawals';
import { badRequest } from '#bff/http/http-problem';

/**
 * The `:ref_id` of a ledger route, parsed like the ref_id of a submit: anything else (NUL, a lone
 * surrogate...) is never in the ledger, and must not reach the database as a query parameter it
 * refuses (a 500). A 400 problem naming the ref_id otherwise.
 */
export function refIdParam(req: Request): string {
  const param = RefIdSchema.safeParse(req.params.ref_id);
  if (!param.success)
    throw badRequest(
      'The ref_id is not valid.',
      param.error.issues.map((issue) => ({ path: 'ref_id', message: issue.message })),
    );
  return param.data;
}

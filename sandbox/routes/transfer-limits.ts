import type { Request, Response } from 'express';
import { listParam, page, readPageRequest } from '../http/companion-paging';
import { sendBadRequest } from '../http/problem-response';
import { SEED_LIMIT_RULES } from '../seed/seed-limits';
import { utilization } from '../state/limit-utilization';
import type { SandboxContext } from '../state/sandbox-context';

/**
 * GET /v2/transfer/limits/utilizations?transfer_type=CRYPTO_WITHDRAWAL&limit=&page_cursor=
 * (scope transfer:read_transfer_limit): `{ items: [{ id, rule_id, transfer_types, period_seconds,
 * limit, remaining, limit_asset }], next_page_cursor }` (a string, empty on the last page, never
 * null, as the document says). What remains of a per-period rule shrinks
 * with each withdrawal made in its window (a failed one gives it back).
 */
export function listLimitUtilizations(ctx: SandboxContext) {
  return (req: Request, res: Response) => {
    const request = readPageRequest(req.originalUrl, ['transfer_type']);
    if (!request.ok) {
      sendBadRequest(res, request.detail);
      return;
    }
    const types = new Set(listParam(request.query, 'transfer_type'));
    const transfers = ctx.state.transfers.list();
    const now = ctx.now();
    const items = SEED_LIMIT_RULES.filter(
      (rule) => types.size === 0 || rule.transfer_types.some((t) => types.has(t)),
    ).map((rule) => utilization(rule, transfers, now));
    const result = page(items, request.limit, request.offset);
    res.json({ items: result.items, next_page_cursor: result.next_page_cursor ?? '' });
  };
}

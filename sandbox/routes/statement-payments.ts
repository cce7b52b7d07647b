import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import {
  ListStatementPaymentsQuerySchema,
  PAYMENTS_DEFAULT_LIMIT,
  type ListStatementPaymentsQuery,
} from '#contract/statement-payments';
import { sendInvalid, sendBadRequest } from '../http/problem-response';
import { parseQueryParams } from '../http/query-params';
import type { SandboxContext } from '../state/sandbox-context';

const asSet = (values: readonly string[] | undefined) => (values ? new Set(values) : undefined);

/** The filters a cursor is bound to: a cursor of other filters is refused, never misread. */
function fingerprint(query: ListStatementPaymentsQuery): string {
  const key = JSON.stringify([
    query.customer_id,
    query.product,
    query.payment_status ?? null,
    query.order ?? 'DESC',
  ]);
  return createHash('sha256').update(key).digest('base64url').slice(0, 16);
}

const encodeCursor = (offset: number, filters: string) =>
  Buffer.from(`p:${offset}:${filters}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string, filters: string): number | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  const match = /^p:(\d{1,9}):([A-Za-z0-9_-]+)$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  return match && match[2] === filters ? Number(match[1]) : undefined;
}

/**
 * GET /v2/statements/payments (scope statements:read_payment): `ref_ids` or `payment_ids` alone,
 * otherwise `customer_id` with `product`, `payment_status`, `limit`, `order` and `page_cursor`.
 * Answers `{ payments, next_page_cursor }`; the cursor is a string, empty on the last page.
 */
export function listStatementPayments(ctx: SandboxContext) {
  return (req: Request, res: Response) => {
    const parsed = ListStatementPaymentsQuerySchema.safeParse(parseQueryParams(req.originalUrl));
    if (!parsed.success) {
      sendInvalid(res, 'The query is not valid', parsed.error);
      return;
    }
    const query = parsed.data;
    const found = ctx.state.payments.find({
      refIds: asSet(query.ref_ids),
      paymentIds: asSet(query.payment_ids),
      customerId: query.customer_id,
      product: query.product,
      status: query.payment_status,
      order: query.order ?? 'DESC',
    });
    // A lookup by ids answers every match in one page (it takes no limit or cursor).
    if (query.ref_ids || query.payment_ids) {
      res.json({ payments: found, next_page_cursor: '' });
      return;
    }
    const filters = fingerprint(query);
    let offset = 0;
    if (query.page_cursor !== undefined) {
      const decoded = decodeCursor(query.page_cursor, filters);
      if (decoded === undefined) {
        const message = 'page_cursor is not a cursor this service issued for these filters';
        sendBadRequest(res, message, 'page_cursor');
        return;
      }
      offset = decoded;
    }
    const limit = query.limit ?? PAYMENTS_DEFAULT_LIMIT;
    const next = offset + limit;
    res.json({
      payments: found.slice(offset, next),
      next_page_cursor: next < found.length ? encodeCursor(next, filters) : '',
    });
  };
}

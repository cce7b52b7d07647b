import type { Request, Response } from 'express';
import {
  ListStatementsQuerySchema,
  STATEMENTS_DEFAULT_LIMIT,
  STATEMENTS_MAX_LIMIT,
} from '#contract/statements';
import type { SandboxContext } from '../state/sandbox-context';
import { sendInvalid, sendBadRequest } from '../http/problem-response';
import { sloppyPageBody } from '../control/sloppy-statements';
import { parseQueryParams } from '../http/query-params';
import { decodeCursor, encodeCursor, filtersFingerprint } from '../state/statement-cursor';
import type { StatementFilter } from '../state/statement-store';

const asSet = (values: readonly string[] | undefined) =>
  values && values.length > 0 ? new Set(values) : undefined;

/** GET /v2/statements */
export function listStatements(ctx: SandboxContext) {
  return (req: Request, res: Response) => {
    const raw = parseQueryParams(req.originalUrl);
    // The schema coerces limit with Number(), which would take "0x10", "1e2" or " 5": the
    // sandbox accepts only plain decimal digits, as an int32 query parameter is written.
    if (typeof raw.limit === 'string' && !/^[0-9]{1,10}$/.test(raw.limit)) {
      const message = `limit must be a whole number from 1 to ${STATEMENTS_MAX_LIMIT}`;
      sendBadRequest(res, message, 'limit');
      return;
    }
    const parsed = ListStatementsQuerySchema.safeParse(raw);
    if (!parsed.success) {
      sendInvalid(res, 'The query is not valid', parsed.error);
      return;
    }
    const query = parsed.data;
    const fingerprint = filtersFingerprint(query);
    let after;
    if (query.page_cursor !== undefined) {
      const decoded = decodeCursor(query.page_cursor, fingerprint);
      if (!decoded.ok) {
        const message =
          decoded.reason === 'other-filters'
            ? 'This page_cursor was made for other filters; repeat the filters of the first page'
            : 'page_cursor is not a cursor this service issued';
        sendBadRequest(res, message, 'page_cursor');
        return;
      }
      after = decoded.position;
    }
    const filter: StatementFilter = {
      refIds: asSet(query.ref_ids),
      statementIds: asSet(query.statement_ids),
      statuses: asSet(query.statuses),
    };
    const page = ctx.state.statements.page({
      customerId: query.customer_id,
      filter,
      order: query.order ?? 'DESC',
      limit: query.limit ?? STATEMENTS_DEFAULT_LIMIT,
      after,
    });
    const last = page.items[page.items.length - 1];
    if (ctx.faults.sloppyStatements()) {
      const next = page.hasMore && last ? encodeCursor(fingerprint, last) : undefined;
      const sloppy = sloppyPageBody(
        page.items.map((s) => s.statement),
        next,
      );
      res.status(200).type('application/json').send(sloppy);
      return;
    }
    // Each statement's JSON was made once when it was stored; a page only joins them.
    let body = `{"statements":[${page.items.map((s) => s.json).join(',')}]`;
    if (page.hasMore && last)
      body += `,"next_page_cursor":${JSON.stringify(encodeCursor(fingerprint, last))}`;
    body += '}';
    res.status(200).type('application/json').send(body);
  };
}

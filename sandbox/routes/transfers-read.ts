import type { Request, Response } from 'express';
import type { LiveTransfer } from '#contract/transfer-status';
import { listParam, page, readPageRequest } from '../http/companion-paging';
import { sendBadRequest, sendProblem } from '../http/problem-response';
import type { SandboxContext } from '../state/sandbox-context';
import { materializeTransfer } from '../state/transfer-store';

/** Every transfer of the account as it reads now: the seeded history and every withdrawal. */
function allTransfers(ctx: SandboxContext): LiveTransfer[] {
  const now = ctx.now();
  return [
    ...ctx.state.transfers.history(now),
    ...ctx.state.transfers.list().map((t) => materializeTransfer(t, now)),
  ];
}

/** GET /v2/transfer/transfers/{id} (scope transfer:read_transfer): one transfer as it reads now. */
export function getTransfer(ctx: SandboxContext) {
  return (req: Request, res: Response) => {
    const id = String(req.params.id);
    const found = allTransfers(ctx).find((t) => t.id === id);
    if (!found) {
      sendProblem(res, { status: 404, title: 'Not Found', detail: `No transfer has the id ${id}` });
      return;
    }
    res.json(found);
  };
}

// The published list filters: each repeated (or comma-separated), OR within one, AND between.
const LIST_FILTERS: ReadonlyArray<[param: string, member: keyof LiveTransfer | 'secondary']> = [
  ['ref_ids', 'ref_id'],
  ['ids', 'id'],
  ['profile_ids', 'profile_id'],
  ['identity_ids', 'identity_id'],
  ['account_ids', 'account_id'],
  ['group_ids', 'group_id' as keyof LiveTransfer],
  ['crypto_tx_hashes', 'crypto_tx_hash'],
  ['type', 'type'],
  ['statuses', 'status'],
  ['secondary_statuses', 'secondary'],
];
const OPERATORS = ['lt', 'lte', 'eq', 'gte', 'gt'] as const;
const TIME_FILTERS = OPERATORS.flatMap((op) => [`created_at.${op}`, `updated_at.${op}`]);
const ALLOWED = [...LIST_FILTERS.map(([p]) => p), ...TIME_FILTERS, 'order', 'order_by'];

function memberOf(t: LiveTransfer, member: keyof LiveTransfer | 'secondary'): string | undefined {
  if (member === 'secondary') return t.secondary_status?.name;
  const value = (t as Record<string, unknown>)[member];
  return typeof value === 'string' ? value : undefined;
}

function compareTime(value: number, op: (typeof OPERATORS)[number], bound: number): boolean {
  if (op === 'lt') return value < bound;
  if (op === 'lte') return value <= bound;
  if (op === 'eq') return value === bound;
  if (op === 'gte') return value >= bound;
  return value > bound;
}

type Filter = (t: LiveTransfer) => boolean;

/** The query's filters, or why it is refused (a 400, as the service answers). */
function readFilters(query: Record<string, string | string[]>): Filter[] | { detail: string } {
  const filters: Filter[] = [];
  for (const [param, member] of LIST_FILTERS) {
    const wanted = new Set(listParam(query, param));
    if (wanted.size > 0)
      filters.push((t) => {
        const value = memberOf(t, member);
        return value !== undefined && wanted.has(value);
      });
  }
  for (const name of TIME_FILTERS) {
    const raw = query[name];
    if (raw === undefined) continue;
    const bound = typeof raw === 'string' ? Date.parse(raw) : NaN;
    if (!Number.isFinite(bound)) return { detail: `${name} is not a timestamp` };
    const [field, op] = name.split('.') as [
      'created_at' | 'updated_at',
      (typeof OPERATORS)[number],
    ];
    filters.push((t) => {
      const at = Date.parse(t[field] ?? '');
      return Number.isFinite(at) && compareTime(at, op, bound);
    });
  }
  return filters;
}

/**
 * GET /v2/transfer/transfers (scope transfer:read_transfer): every transfer of the account, not
 * only the console's, with the published filters. Newest created first unless `order=ASC`;
 * `order_by=UPDATED_AT` sorts by the last change instead. Ties keep creation order.
 */
export function listTransfers(ctx: SandboxContext) {
  return (req: Request, res: Response) => {
    const request = readPageRequest(req.originalUrl, ALLOWED);
    if (!request.ok) {
      sendBadRequest(res, request.detail);
      return;
    }
    const { query } = request;
    const order = query.order ?? 'DESC';
    const orderBy = query.order_by ?? 'CREATED_AT';
    if (order !== 'DESC' && order !== 'ASC') {
      sendBadRequest(res, 'order is DESC or ASC');
      return;
    }
    if (orderBy !== 'CREATED_AT' && orderBy !== 'UPDATED_AT') {
      sendBadRequest(res, 'order_by is CREATED_AT or UPDATED_AT');
      return;
    }
    const filters = readFilters(query);
    if (!Array.isArray(filters)) {
      sendBadRequest(res, filters.detail);
      return;
    }
    const key = orderBy === 'UPDATED_AT' ? 'updated_at' : 'created_at';
    const sign = order === 'ASC' ? 1 : -1;
    const indexed = allTransfers(ctx).map((t, index) => ({
      t,
      index,
      at: Date.parse(t[key] ?? ''),
    }));
    indexed.sort((a, b) => sign * (a.at - b.at || a.index - b.index));
    const items = indexed.map((e) => e.t).filter((t) => filters.every((keep) => keep(t)));
    const answer = page(items, request.limit, request.offset);
    // Published: a string, empty at the end (never null, never absent here).
    res.json({ items: answer.items, next_page_cursor: answer.next_page_cursor ?? '' });
  };
}

import {
  ListStatementsQuerySchema,
  STATEMENT_STATUSES,
  STATEMENTS_DEFAULT_LIMIT,
  type ListStatementsQuery,
  type StatementStatus,
} from '#contract/statements';
import { currentCursor } from '#web/lib/cursor-pages';
import { isEntityId, normaliseEntityId, parseEntityId } from '#web/lib/entity-id';
import { parseIdList } from './id-list';

// The statements page keeps its whole view in the URL (filters and the stack of page cursors), so
// a link reproduces what the operator sees and Back returns to the previous page or filters.

type StatementOrder = 'DESC' | 'ASC';

export interface StatementFilters {
  customerId: string;
  statuses: StatementStatus[];
  refIds: string[];
  statementIds: string[];
  order: StatementOrder;
  limit: number;
  /**
   * Only statements whose payments do not settle them (payment-reconciliation.ts): every matching
   * statement and every payment of the customer are read, so the list is whole, not one page.
   */
  paymentsDiffer: boolean;
}

export interface StatementsView {
  filters: StatementFilters;
  /** Cursors of pages 2..n; empty on page 1. */
  cursors: string[];
}

export const PAGE_SIZES = [25, 50, 100, 250, 500, 1000] as const;

export const DEFAULT_FILTERS: StatementFilters = {
  customerId: '',
  statuses: [],
  refIds: [],
  statementIds: [],
  order: 'DESC',
  limit: STATEMENTS_DEFAULT_LIMIT,
  paymentsDiffer: false,
};

const isStatus = (value: string): value is StatementStatus =>
  (STATEMENT_STATUSES as readonly string[]).includes(value);

const unique = (values: readonly string[]) => [...new Set(values.filter((v) => v.trim() !== ''))];

/**
 * Reads the view from the URL. Hand-edited or stale links never break the page: unknown statuses
 * are dropped and an out-of-range page size falls back to the default.
 */
export function parseStatementsSearch(params: URLSearchParams): StatementsView {
  const limitText = params.get('limit');
  const limit = limitText === null ? NaN : Number(limitText);
  const order = params.get('order');
  return {
    filters: {
      // A link with an upper-case UUID is the same customer: one spelling in the URL and "Recent".
      customerId: normaliseEntityId(params.get('customer_id') ?? ''),
      statuses: unique(params.getAll('statuses')).filter(isStatus),
      refIds: unique(params.getAll('ref_ids')),
      statementIds: unique(params.getAll('statement_ids')),
      order: order === 'ASC' ? 'ASC' : 'DESC',
      limit:
        Number.isInteger(limit) && limit >= 1 && limit <= 1000 ? limit : STATEMENTS_DEFAULT_LIMIT,
      paymentsDiffer: params.get('payments') === 'differ',
    },
    cursors: params.getAll('cursor').filter((c) => c !== ''),
  };
}

/** Writes the view to the URL; defaults are left out so links stay short. */
export function statementsSearch(view: StatementsView): URLSearchParams {
  const { filters } = view;
  const params = new URLSearchParams();
  if (filters.customerId) params.set('customer_id', filters.customerId);
  for (const status of filters.statuses) params.append('statuses', status);
  for (const id of filters.refIds) params.append('ref_ids', id);
  for (const id of filters.statementIds) params.append('statement_ids', id);
  if (filters.order !== 'DESC') params.set('order', filters.order);
  if (filters.limit !== STATEMENTS_DEFAULT_LIMIT) params.set('limit', String(filters.limit));
  if (filters.paymentsDiffer) params.set('payments', 'differ');
  for (const cursor of view.cursors) params.append('cursor', cursor);
  return params;
}

/** The BFF query for the current page; undefined until a customer is chosen. */
export function toListQuery(view: StatementsView): ListStatementsQuery | undefined {
  const { filters } = view;
  // A hand-edited link with a cut-off id is refused in the form, never asked of the service.
  if (!isEntityId(filters.customerId)) return undefined;
  return {
    ...toExportQuery(filters),
    limit: filters.limit,
    page_cursor: currentCursor(view.cursors),
  };
}

/** The export covers every matching statement: the filters without page size or cursor. */
export function toExportQuery(filters: StatementFilters): ListStatementsQuery {
  return {
    customer_id: filters.customerId,
    statuses: filters.statuses.length ? filters.statuses : undefined,
    ref_ids: filters.refIds.length ? filters.refIds : undefined,
    statement_ids: filters.statementIds.length ? filters.statementIds : undefined,
    order: filters.order,
  };
}

// ---- The filter form ----

/** What the operator typed, before it is checked. */
export interface FilterDraft {
  customerId: string;
  statuses: StatementStatus[];
  refIdsText: string;
  statementIdsText: string;
  order: StatementOrder;
  limit: string;
  paymentsDiffer: boolean;
}

export type FilterDraftField = keyof FilterDraft;

export function draftFromFilters(filters: StatementFilters): FilterDraft {
  return {
    customerId: filters.customerId,
    statuses: [...filters.statuses],
    refIdsText: filters.refIds.join('\n'),
    statementIdsText: filters.statementIds.join('\n'),
    order: filters.order,
    limit: String(filters.limit),
    paymentsDiffer: filters.paymentsDiffer,
  };
}

const FIELD_OF_QUERY_KEY: Readonly<Record<string, FilterDraftField>> = {
  customer_id: 'customerId',
  statuses: 'statuses',
  ref_ids: 'refIdsText',
  statement_ids: 'statementIdsText',
  order: 'order',
  limit: 'limit',
};

/** Maps a query key from a problem's field errors (or zod) to the form field that shows it. */
export function draftFieldOf(path: string): FilterDraftField | undefined {
  const key = path.split(/[.[]/)[0] ?? '';
  return Object.hasOwn(FIELD_OF_QUERY_KEY, key) ? FIELD_OF_QUERY_KEY[key] : undefined;
}

type FilterDraftResult =
  | { ok: true; filters: StatementFilters }
  | { ok: false; errors: Partial<Record<FilterDraftField, string>> };

/** Checks the form with the contract's own query schema; errors come back per field. */
export function validateFilterDraft(draft: FilterDraft): FilterDraftResult {
  if (draft.customerId.trim() === '') {
    return { ok: false, errors: { customerId: 'Enter the customer id to list statements for' } };
  }
  const checkedId = parseEntityId(draft.customerId, 'customer id');
  if (!checkedId.ok) return { ok: false, errors: { customerId: checkedId.message } };
  const customerId = checkedId.id;
  const refIds = parseIdList(draft.refIdsText);
  const statementIds = parseIdList(draft.statementIdsText);
  const parsed = ListStatementsQuerySchema.safeParse({
    customer_id: customerId,
    statuses: draft.statuses.length ? draft.statuses : undefined,
    ref_ids: refIds.length ? refIds : undefined,
    statement_ids: statementIds.length ? statementIds : undefined,
    order: draft.order,
    limit: draft.limit,
  });
  if (!parsed.success) {
    const errors: Partial<Record<FilterDraftField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = draftFieldOf(String(issue.path[0] ?? ''));
      if (field && !errors[field]) errors[field] = describeIssue(field, issue.message, issue.code);
    }
    return { ok: false, errors };
  }
  return {
    ok: true,
    filters: {
      customerId,
      statuses: [...draft.statuses],
      refIds,
      statementIds,
      order: draft.order,
      limit: parsed.data.limit ?? STATEMENTS_DEFAULT_LIMIT,
      paymentsDiffer: draft.paymentsDiffer,
    },
  };
}

function describeIssue(field: FilterDraftField, message: string, code: string): string {
  if (code === 'too_big' && (field === 'refIdsText' || field === 'statementIdsText'))
    return 'At most 200 ids, each at most 128 characters';
  return message;
}

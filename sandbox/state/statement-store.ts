import type { Statement, StatementStatus } from '#contract/statements';

/** A statement as kept in memory: its sort key and its JSON, made once (statements are immutable). */
interface StoredStatement {
  readonly statement: Statement;
  readonly time: number;
  readonly id: string;
  readonly json: string;
}

/** The keyset position a cursor points at: the last statement of the previous page. */
export interface StatementPosition {
  time: number;
  id: string;
}

export interface StatementFilter {
  refIds?: ReadonlySet<string>;
  statementIds?: ReadonlySet<string>;
  statuses?: ReadonlySet<string>;
}

interface StatementPageRequest {
  customerId: string;
  filter: StatementFilter;
  order: 'ASC' | 'DESC';
  limit: number;
  after?: StatementPosition;
}

interface StatementPage {
  items: StoredStatement[];
  hasMore: boolean;
}

/** Total order: period_start, then id, so equal period starts never skip or repeat across pages. */
function compare(a: StatementPosition, b: StatementPosition): number {
  if (a.time !== b.time) return a.time < b.time ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function matches(s: StoredStatement, filter: StatementFilter): boolean {
  if (
    filter.statuses &&
    !filter.statuses.has((s.statement.status as StatementStatus | undefined) ?? '')
  )
    return false;
  if (filter.refIds && !filter.refIds.has(s.statement.ref_id ?? '')) return false;
  if (filter.statementIds && !filter.statementIds.has(s.id)) return false;
  return true;
}

/**
 * Statements per customer, kept sorted ascending by (period_start, id). A page is a keyset
 * scan from the cursor's position (binary search, then walk), so a statement added between
 * two pages is simply seen or not seen by position, never doubling or hiding another one.
 */
export class StatementStore {
  private readonly byCustomer = new Map<string, StoredStatement[]>();
  /** Statement ids are unique across customers and periods: a cursor position names one. */
  private readonly ids = new Set<string>();

  constructor(statements: readonly Statement[] = []) {
    for (const statement of statements) this.add(statement);
  }

  add(statement: Statement): StoredStatement {
    const customerId = statement.customer_id;
    if (!customerId) throw new Error('A statement needs a customer_id');
    if (!statement.id) throw new Error('A stored statement needs an id');
    const time = Date.parse(statement.period_start ?? '');
    if (Number.isNaN(time)) throw new Error(`Statement ${statement.id} has no valid period_start`);
    const stored: StoredStatement = {
      statement,
      time,
      id: statement.id,
      json: JSON.stringify(statement),
    };
    let list = this.byCustomer.get(customerId);
    if (!list) {
      list = [];
      this.byCustomer.set(customerId, list);
    }
    if (this.ids.has(stored.id)) throw new Error(`Statement ${statement.id} already exists`);
    const at = this.upperBound(list, stored);
    list.splice(at, 0, stored);
    this.ids.add(stored.id);
    return stored;
  }

  count(customerId: string): number {
    return this.byCustomer.get(customerId)?.length ?? 0;
  }

  customers(): string[] {
    return [...this.byCustomer.keys()];
  }

  all(customerId: string): readonly StoredStatement[] {
    return this.byCustomer.get(customerId) ?? [];
  }

  page(request: StatementPageRequest): StatementPage {
    const list = this.byCustomer.get(request.customerId) ?? [];
    const items: StoredStatement[] = [];
    const ascending = request.order === 'ASC';
    let i: number;
    if (ascending) i = request.after ? this.upperBound(list, request.after) : 0;
    else i = (request.after ? this.lowerBound(list, request.after) : list.length) - 1;
    const step = ascending ? 1 : -1;
    for (; i >= 0 && i < list.length; i += step) {
      const s = list[i]!;
      if (!matches(s, request.filter)) continue;
      if (items.length === request.limit) return { items, hasMore: true };
      items.push(s);
    }
    return { items, hasMore: false };
  }

  /** First index whose key is greater than `key`. */
  private upperBound(list: readonly StoredStatement[], key: StatementPosition): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(list[mid]!, key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose key is greater than or equal to `key`. */
  private lowerBound(list: readonly StoredStatement[], key: StatementPosition): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(list[mid]!, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

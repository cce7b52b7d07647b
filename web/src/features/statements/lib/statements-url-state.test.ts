import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  draftFromFilters,
  parseStatementsSearch,
  statementsSearch,
  toExportQuery,
  toListQuery,
  validateFilterDraft,
  type StatementsView,
} from './statements-url-state';

const CUSTOMER = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';

describe('statements URL state', () => {
  it('round-trips filters and the cursor stack through the URL', () => {
    const view: StatementsView = {
      filters: {
        customerId: CUSTOMER,
        statuses: ['STATEMENT_STATUS_PAID', 'STATEMENT_STATUS_GENERATED'],
        refIds: ['r1', 'r 2'],
        statementIds: ['s1'],
        order: 'ASC',
        limit: 25,
        paymentsDiffer: true,
      },
      cursors: ['c1', 'c2=='],
    };
    const search = statementsSearch(view).toString();
    expect(parseStatementsSearch(new URLSearchParams(search))).toEqual(view);
  });

  it('keeps the "Payments differ" filter in the URL as payments=differ', () => {
    const filters = { ...DEFAULT_FILTERS, customerId: CUSTOMER, paymentsDiffer: true };
    const search = statementsSearch({ filters, cursors: [] });
    expect(search.toString()).toBe(`customer_id=${CUSTOMER}&payments=differ`);
    expect(parseStatementsSearch(search).filters.paymentsDiffer).toBe(true);
    expect(parseStatementsSearch(new URLSearchParams('payments=same')).filters.paymentsDiffer).toBe(
      false,
    );
    const draft = draftFromFilters(filters);
    expect(validateFilterDraft(draft)).toEqual({ ok: true, filters });
  });

  it('leaves defaults out of the URL', () => {
    const search = statementsSearch({
      filters: { ...DEFAULT_FILTERS, customerId: CUSTOMER },
      cursors: [],
    });
    expect(search.toString()).toBe(`customer_id=${CUSTOMER}`);
  });

  it('repairs hand-edited links instead of failing', () => {
    const view = parseStatementsSearch(
      new URLSearchParams(
        'customer_id=%20c1%20&statuses=NOPE&statuses=STATEMENT_STATUS_PAID&statuses=STATEMENT_STATUS_PAID&limit=5000&order=sideways&cursor=',
      ),
    );
    expect(view).toEqual({
      filters: { ...DEFAULT_FILTERS, customerId: 'c1', statuses: ['STATEMENT_STATUS_PAID'] },
      cursors: [],
    });
  });

  it('builds the page query with the current cursor, and the export without paging', () => {
    const view = parseStatementsSearch(
      new URLSearchParams(`customer_id=${CUSTOMER}&limit=50&cursor=a&cursor=b`),
    );
    expect(toListQuery(view)).toEqual({
      customer_id: CUSTOMER,
      statuses: undefined,
      ref_ids: undefined,
      statement_ids: undefined,
      order: 'DESC',
      limit: 50,
      page_cursor: 'b',
    });
    expect(toExportQuery(view.filters)).toEqual({
      customer_id: CUSTOMER,
      statuses: undefined,
      ref_ids: undefined,
      statement_ids: undefined,
      order: 'DESC',
    });
    expect(toListQuery({ filters: DEFAULT_FILTERS, cursors: [] })).toBeUndefined();
  });
});

describe('filter form validation', () => {
  const draft = draftFromFilters({ ...DEFAULT_FILTERS, customerId: CUSTOMER });

  it('requires a customer id', () => {
    expect(validateFilterDraft({ ...draft, customerId: '  ' })).toEqual({
      ok: false,
      errors: { customerId: 'Enter the customer id to list statements for' },
    });
  });

  it('reads pasted id lists', () => {
    const result = validateFilterDraft({
      ...draft,
      refIdsText: 'r1\nr2, r3\n\nr1',
      statementIdsText: '"s1"\t"s2"',
      limit: '250',
    });
    expect(result).toEqual({
      ok: true,
      filters: {
        ...DEFAULT_FILTERS,
        customerId: CUSTOMER,
        refIds: ['r1', 'r2', 'r3'],
        statementIds: ['s1', 's2'],
        limit: 250,
      },
    });
  });

  it('puts the contract schema errors on their fields', () => {
    const tooMany = Array.from({ length: 201 }, (_, i) => `id-${i}`).join('\n');
    const result = validateFilterDraft({ ...draft, statementIdsText: tooMany, limit: '0' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.statementIdsText).toMatch(/At most 200 ids/);
    expect(result.errors.limit).toBe('limit must be at least 1');
  });
});

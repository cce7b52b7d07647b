import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/** The example customer of the public API reference: monthly USDG reward statements. */
export const SEED_CUSTOMER = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';

export interface BffStatement {
  id: string;
  status?: string;
  statement_balances?: unknown[];
}

/** Every statement the BFF lists for a query (all pages): the reference the UI is checked against. */
export async function listAllStatements(
  request: APIRequestContext,
  query: Record<string, string | string[]>,
): Promise<BffStatement[]> {
  const all: BffStatement[] = [];
  let cursor: string | undefined;
  do {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query))
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
    params.set('limit', '1000');
    if (cursor) params.set('page_cursor', cursor);
    const response = await request.get(`/api/statements?${params.toString()}`, {
      headers: { 'X-CSRF': '1' },
    });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      statements: BffStatement[];
      next_page_cursor?: string;
    };
    all.push(...body.statements);
    cursor = body.next_page_cursor || undefined;
  } while (cursor);
  return all;
}

export class StatementsPage {
  readonly filters: Locator;
  readonly customerId: Locator;
  readonly pageSize: Locator;
  readonly show: Locator;
  readonly pager: Locator;
  readonly table: Locator;
  readonly exportButton: Locator;

  constructor(readonly page: Page) {
    this.filters = page.getByRole('form', { name: 'Statement filters' });
    this.customerId = this.filters.getByLabel('Customer id');
    this.pageSize = this.filters.getByLabel('Page size');
    this.show = this.filters.getByRole('button', { name: 'Show statements' });
    this.pager = page.getByRole('navigation', { name: 'Pages', exact: true });
    this.table = page.getByRole('table', { name: /Statements of customer/ });
    this.exportButton = page.getByRole('button', { name: 'Export CSV' });
  }

  async goto(search = '') {
    await this.page.goto(`/statements${search}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
  }

  status(label: string): Locator {
    return this.filters.getByRole('checkbox', { name: label, exact: true });
  }

  /** The body rows of the table (the header row excluded). */
  rows(): Locator {
    return this.table.getByRole('rowgroup').nth(1).getByRole('row');
  }

  nextPage(): Locator {
    return this.pager.getByRole('button', { name: 'Next' });
  }

  previousPage(): Locator {
    return this.pager.getByRole('button', { name: 'Previous' });
  }

  async search(customerId: string, options: { pageSize?: string; statuses?: string[] } = {}) {
    await this.customerId.fill(customerId);
    if (options.pageSize) await this.pageSize.selectOption(options.pageSize);
    for (const status of options.statuses ?? []) await this.status(status).check();
    await this.show.click();
  }
}

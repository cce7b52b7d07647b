import type { Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { StatementsPage } from './pages/statements-page';

// "A page of 1000 statements stays responsive": the upstream's largest page, drawn, typed over,
// paged and opened. The seed has no customer with 1000 statements, so the BFF's answer is
// replaced by a generated one (valid per contract/statements.ts). The test's timeout is the
// bound; speed itself is measured by benchmarks, not asserted here.

const CUSTOMER = '00000000-0000-4000-8000-000000001000';
const PAGE_ONE = 1000;
const PAGE_TWO = 5;

function statement(index: number) {
  const month = String((index % 12) + 1).padStart(2, '0');
  const year = 2026 - Math.floor(index / 12);
  const owed = `${(index % 97) + 1}.${String(index % 100).padStart(2, '0')}`;
  return {
    id: `00000000-0000-4000-9000-${String(index).padStart(12, '0')}`,
    ref_id: `RWD-SCALE-${index}`,
    customer_id: CUSTOMER,
    type: 'STATEMENT_TYPE_USDG_REWARD',
    product: 'USDG_REWARDS',
    status: index % 3 === 0 ? 'STATEMENT_STATUS_PAID' : 'STATEMENT_STATUS_GENERATED',
    metadata: { total_amount: owed },
    statement_balances: [
      {
        asset: 'USDG',
        total_amount_owed: owed,
        amount_paid: index % 3 === 0 ? owed : '0.00',
      },
    ],
    period_start: `${year}-${month}-01T00:00:00.000Z`,
    period_end: `${year}-${month}-28T23:59:59.999Z`,
    created_at: `${year}-${month}-28T23:59:59.999Z`,
    version: 1,
  };
}

const all = Array.from({ length: PAGE_ONE + PAGE_TWO }, (_, i) => statement(i));

async function answerGenerated(route: Route) {
  const url = new URL(route.request().url());
  const ids = url.searchParams.getAll('statement_ids');
  const body = ids.length
    ? { statements: all.filter((s) => ids.includes(s.id)) }
    : url.searchParams.get('page_cursor') === 'page-2'
      ? { statements: all.slice(PAGE_ONE) }
      : { statements: all.slice(0, PAGE_ONE), next_page_cursor: 'page-2' };
  await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
}

test('a page of 1000 statements can be read, typed over, paged and opened', async ({ page }) => {
  await page.route('**/api/statements?*', answerGenerated);
  const statements = new StatementsPage(page);
  await statements.goto(`?customer_id=${CUSTOMER}&limit=1000`);
  await expect(statements.rows()).toHaveCount(PAGE_ONE);
  await expect(statements.pageSize).toHaveValue('1000');

  // Typing over a full page still echoes every key.
  const refIds = page.getByLabel('Ref ids');
  await refIds.pressSequentially('RWD-SCALE-1');
  await expect(refIds).toHaveValue('RWD-SCALE-1');
  await refIds.fill('');

  await statements.nextPage().click();
  await expect(statements.rows()).toHaveCount(PAGE_TWO);
  await expect(statements.pager).toContainText('rows 1,001 to 1,005');
  await statements.previousPage().click();
  await expect(statements.rows()).toHaveCount(PAGE_ONE);

  await statements.rows().last().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/statements/${all[PAGE_ONE - 1]!.id}`));
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('RWD-SCALE-999');
});

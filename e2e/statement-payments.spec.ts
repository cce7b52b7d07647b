import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { SEED_CUSTOMER, StatementsPage } from './pages/statements-page';
import { tablesScrollingSideways } from './table-layout';

// Issue 39, item 3: a statement's detail shows the payments that settle it, and one line says
// whether they do. The local upstream seeds the example customer's newest paid statements with
// the cases to tell apart (sandbox/README.md, "Statement payments").

for (const width of [1280, 390]) {
  test(`a statement's detail shows its payments, and the differing one says differs (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const statements = new StatementsPage(page);
    await statements.goto(`?customer_id=${SEED_CUSTOMER}&ref_ids=RWD-2026-04-cdcbff8e`);
    await expect(statements.rows()).toHaveCount(1);
    await statements.rows().first().getByRole('link').click();

    const payments = page.getByRole('region', { name: 'Payments' });
    await expect(payments.getByTestId('reconciliation-line')).toHaveText(
      'differs: paid 191.31, completed payments 171.31 USDG',
    );
    const table = payments.getByRole('table', { name: 'Payments of RWD-2026-04-cdcbff8e' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('171.31');
    await expect(table).toContainText('Completed');
    await expect(table).toContainText('6f1e2d3c-4b5a-4968-8776-655443322110');
    await page.screenshot({ path: test.info().outputPath(`differs-${width}.png`), fullPage: true });
    if (width === 390) expect(await tablesScrollingSideways(page)).toEqual([]);
    expect(await seriousViolations(page, { headingOrder: true })).toEqual([]);

    // The export is the payments as listed, one column per published member.
    const download = page.waitForEvent('download');
    await payments.getByRole('button', { name: 'Export payments CSV' }).click();
    expect((await download).suggestedFilename()).toBe('payments-RWD-2026-04-cdcbff8e.csv');

    // Two completed payments that add up; then a statement paid while its payment is pending.
    await statements.goto(`?customer_id=${SEED_CUSTOMER}&ref_ids=RWD-2026-06-cdcbff8e`);
    await statements.rows().first().getByRole('link').click();
    await expect(payments.getByTestId('reconciliation-line')).toHaveText(
      'paid 5344.86 USDG = 2 completed payments',
    );
    await statements.goto(`?customer_id=${SEED_CUSTOMER}&ref_ids=RWD-2026-07-cdcbff8e`);
    await statements.rows().first().getByRole('link').click();
    await expect(payments.getByTestId('reconciliation-line')).toHaveText(
      'paid, no completed payment',
    );
    await expect(payments.getByRole('table')).toContainText('Pending');

    // The list's "Payments differ" filter: every statement checked, only the unsettled listed.
    await statements.goto(`?customer_id=${SEED_CUSTOMER}`);
    // On a phone the filters besides the customer fold under "More filters" once a list shows.
    if (width === 390) await page.getByRole('button', { name: /^More filters/ }).click();
    await page.getByRole('checkbox', { name: 'Payments differ' }).check();
    await page.getByRole('button', { name: 'Show statements' }).click();
    await expect(page).toHaveURL(/payments=differ/);
    const differing = page.getByRole('table', { name: 'Statements whose payments differ' });
    await expect(differing.getByRole('row')).toHaveCount(3);
    await expect(differing).toContainText('RWD-2026-04-cdcbff8e');
    await expect(differing).toContainText('RWD-2026-07-cdcbff8e');
    await expect(differing).not.toContainText('RWD-2026-06-cdcbff8e');
    await expect(page.getByText(/Checked \d+ statements matching the other filters/)).toBeVisible();
    await page.screenshot({ path: `/tmp/i39p-shots/payments-differ-${width}.png`, fullPage: true });
    if (width === 390) expect(await tablesScrollingSideways(page)).toEqual([]);
    expect(await seriousViolations(page, { headingOrder: true })).toEqual([]);
  });
}

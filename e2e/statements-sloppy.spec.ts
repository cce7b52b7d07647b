import { expect, test } from './fixtures';
import { SEED_CUSTOMER, StatementsPage } from './pages/statements-page';

// The local upstream switched to write pages as loosely as the service may (sloppyStatements):
// a member missing in turn, the next one null, version as a string, an empty page as {}.

// @exclusive (fixtures.ts): the switch changes every statements page of the local upstream.
test('a sloppy statements page is shown row by row, and an empty one as {} is an empty page @exclusive', async ({
  page,
  sandbox,
}) => {
  const set = await sandbox.request.post('/__sandbox/faults', {
    data: { sloppyStatements: true },
  });
  expect(set.ok()).toBe(true);

  const statements = new StatementsPage(page);
  await statements.goto();
  await statements.search(SEED_CUSTOMER, { pageSize: '25' });
  await expect(statements.rows()).toHaveCount(25);
  await expect(statements.pager).toContainText('Page 1, rows 1 to 25');
  await expect(page.getByText('The statements could not be loaded')).toHaveCount(0);
  // Every member is missing from some statement, yet nothing is marked unreadable.
  await expect(page.getByText(/Could not read/)).toHaveCount(0);
  // The first statement came without an id: shown, with nothing to open.
  await expect(statements.rows().first().getByRole('link')).toHaveCount(0);
  // Paging goes on from a sloppy page.
  await statements.nextPage().click();
  await expect(statements.pager).toContainText('Page 2');

  await statements.search('00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('No statements match these filters')).toBeVisible();
});

import { seriousViolations } from './axe';
import { expect, test } from './fixtures';

test.describe('a viewer', () => {
  test.beforeEach(async ({ page }) => {
    // Dev mode only: narrows the local operator's roles to viewer (see bff/src/auth/identity.ts).
    await page.setExtraHTTPHeaders({ 'X-Dev-Roles': 'viewer' });
  });

  test('sees the withdrawals ledger without any write action', async ({ page }) => {
    await page.goto('/withdrawals');
    await expect(page.getByRole('heading', { name: 'Withdrawals', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Signed in operator')).toContainText('Viewer');
    await expect(page.getByLabel('Signed in operator')).not.toContainText('Withdrawal initiator');
    await expect(page.getByRole('form', { name: 'Filter withdrawals' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New withdrawal' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /submit|check again/i })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('is not offered the withdrawal form, even by its URL', async ({ page }) => {
    await page.goto('/withdrawals/new');
    await expect(
      page.getByText('Starting a withdrawal needs the Withdrawal initiator role'),
    ).toBeVisible();
    await expect(page.getByText('Your roles: Viewer.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'New withdrawal' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /review|submit/i })).toHaveCount(0);
  });

  test('is told up front which role the address editor needs, with no form to fill', async ({
    page,
  }) => {
    await page.goto('/addresses/new');
    await expect(page.getByText('Saving an address needs the Address editor role')).toBeVisible();
    await expect(page.getByRole('button', { name: /save/i })).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
  });
});

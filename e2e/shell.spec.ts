import { expect, test } from './fixtures';

test('the console opens with the operator and the environment banner', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/statements$/);
  await expect(page.getByRole('region', { name: 'Environment' })).toContainText('Local sandbox');
  await expect(page.getByLabel('Signed in operator')).toContainText('Local operator');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Statements' }),
  ).toBeVisible();
});

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

test('the tab shows the console icon: the page names one and the server serves it', async ({
  page,
}) => {
  // Issue 13, item 12: there was no favicon (the browser asked for /favicon.ico and got a 404).
  await page.goto('/');
  const icon = page.locator('head link[rel="icon"]');
  await expect(icon).toHaveAttribute('href', /\.svg$/);
  const href = await icon.getAttribute('href');
  const served = await page.request.get(new URL(href!, page.url()).toString());
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(await served.text()).toContain('<svg');
});

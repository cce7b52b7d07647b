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

test('a statements link is read once: the sign-in and the page left before the app ran, and were used', async ({
  page,
}) => {
  // The entry starts these two reads before React has run (web/src/lib/early-requests.ts); the
  // app adopts them. A mismatch would show as a second request for the same data.
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
  });
  await page.goto('/statements?customer_id=cdcbff8e-cf51-4536-ba6f-92ef6846e48a&limit=25');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  expect(asked.filter((path) => path === '/api/me')).toHaveLength(1);
  expect(asked.filter((path) => path === '/api/statements')).toHaveLength(1);
});

test("a page's name and purpose arrive with the document, before any script, and stay as the app starts", async ({
  browser,
  page,
}) => {
  // What a phone on a slow network shows first (shared/page-intros.ts): the server sends the
  // page's own copy of index.html with its header in it.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const before = await noScript.newPage();
  await before.goto('/withdrawals/new');
  await expect(before).toHaveTitle('New withdrawal · Asset Ops Console');
  await expect(before.getByRole('heading', { name: 'New withdrawal', level: 1 })).toBeVisible();
  await expect(
    before.getByText(/^Send an asset from a profile to a blockchain address/),
  ).toBeVisible();
  await before.goto('/withdrawals/WD-1');
  await expect(before.getByRole('heading', { level: 1 })).toHaveCount(0);
  await noScript.close();

  // With the app: one header, the same words, then the form.
  await page.goto('/withdrawals/new');
  await expect(page.getByLabel('Amount')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New withdrawal');
  await expect(page.getByText(/^Send an asset from a profile to a blockchain address/)).toHaveCount(
    1,
  );
});

import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

// A 401 from the BFF means the SSO session ended. The console says so once, offers to sign in
// again, and never reloads or refetches by itself (an expired session must not loop).

const sessionEnded = (route: Route) =>
  route.fulfill({
    status: 401,
    contentType: 'application/problem+json',
    body: JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401 }),
  });

/** Counts the app's calls to /api and the page's loads, to prove nothing loops. */
function watch(page: Page) {
  const counts = { api: 0, loads: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) counts.api += 1;
  });
  page.on('load', () => {
    counts.loads += 1;
  });
  return counts;
}

// Issue 26, item 15: a first visit with no identity behind the SSO proxy read "Your session
// ended". It never had a session: it says "You are not signed in", and how to sign in.
test('a first visit with no identity says "You are not signed in", how to sign in, and does not loop', async ({
  page,
}) => {
  await page.route('**/api/**', sessionEnded);
  const counts = watch(page);
  await page.goto('/statements');
  await expect(page.getByRole('heading', { name: 'You are not signed in' })).toBeVisible();
  await expect(page.getByText(/through the SSO proxy, which asks for your account/)).toBeVisible();
  await expect(page.getByText(/session ended/i)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  const apiCalls = counts.api;
  // Interacting with the page sends nothing more: the app is unmounted, nothing refetches.
  await page.getByRole('heading', { name: 'You are not signed in' }).click();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeFocused();
  expect(counts.api).toBe(apiCalls);
  expect(counts.loads).toBe(1);
});

test('a session that ends while working replaces the page, and "Sign in again" reloads once', async ({
  page,
}) => {
  const counts = watch(page);
  // The shell's last request of the first load (the approvals count in the navigation) can be
  // answered after the table shows, now that the statements are fetched beside the sign-in: wait
  // for it, so the 401 below answers the operator's own click and not that request.
  const shellSettled = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/approvals',
  );
  await page.goto('/statements?customer_id=cdcbff8e-cf51-4536-ba6f-92ef6846e48a&limit=10');
  await expect(page.getByRole('table')).toBeVisible();
  await shellSettled;

  // The SSO proxy now answers 401 to everything under /api.
  await page.route('**/api/**', sessionEnded);
  await page
    .getByRole('navigation', { name: 'Pages', exact: true })
    .getByRole('button', { name: 'Next' })
    .click();
  await expect(page.getByRole('heading', { name: 'Your session ended' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const apiCalls = counts.api;
  expect(counts.loads).toBe(1);

  // Signing in again is the operator's choice: exactly one reload, back through the proxy.
  await page.unroute('**/api/**');
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  expect(counts.loads).toBe(2);
  expect(counts.api).toBeGreaterThan(apiCalls);
});

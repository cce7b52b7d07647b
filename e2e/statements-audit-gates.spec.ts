import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, shootBothWidths } from './fixtures';
import { treasuryWithdrawalBody } from './pages/withdrawal-page';

// Issue 26, items 10-15, 17: statements (export message, corrections, amounts), the audit trail
// in words, the one not-found page, "not signed in", and role gates. Each story ends with the
// page at 1280 and 390 px in /tmp/shots/ux-*.png.

const CUSTOMER = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';
const API = { 'X-CSRF': '1' };

async function shoot(page: Page, name: string) {
  await shootBothWidths(page, '/tmp/shots', `ux-${name}`);
}

test('10: "Export complete" belongs to the filters it exported: Clear filters clears it', async ({
  page,
}) => {
  await page.goto(`/statements?customer_id=${CUSTOMER}&statuses=STATEMENT_STATUS_INITIATED`);
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText(/^Export complete: \d+ rows?$/)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?customer_id=${CUSTOMER}$`));
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByText(/Export complete/)).toHaveCount(0);
  await shoot(page, '10-export-cleared');
});

test('11: a superseded statement says so on its own page and links to its correction', async ({
  page,
}) => {
  const answer = await page.request.get(`/api/statements?customer_id=${CUSTOMER}&limit=1000`, {
    headers: API,
  });
  const { statements } = (await answer.json()) as {
    statements: Array<{ id: string; statement_group_id: string; version: number }>;
  };
  const corrected = statements.find((s) => s.version === 2)!;
  const original = statements.find(
    (s) => s.statement_group_id === corrected.statement_group_id && s.version === 1,
  )!;
  await page.goto(`/statements/${original.id}?customer_id=${CUSTOMER}`);
  await expect(page.getByText('Superseded by version 2')).toBeVisible();
  await shoot(page, '11-superseded-detail');
  await page.getByRole('link', { name: 'Open version 2' }).click();
  await expect(page).toHaveURL(new RegExp(`/statements/${corrected.id}\\?`));
  await expect(page.getByRole('heading', { level: 1, name: /^Statement / })).toBeVisible();
  await expect(page.getByText(/Superseded by/)).toHaveCount(0);
});

test('12: every total and balance reads in cents; the exact value is on hover', async ({
  page,
}) => {
  await page.goto(`/statements?customer_id=${CUSTOMER}&limit=25`);
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  const totals = table.locator('tbody tr td:nth-child(4) .mono');
  await expect(totals.first()).toBeVisible();
  for (const text of await totals.allTextContents())
    expect(text).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(totals.first()).toHaveAttribute('title', /^\d+(\.\d+)?$/);
  await shoot(page, '12-amounts');
});

test('13: the audit trail says targets and changes in words, and finds operators by prefix', async ({
  page,
}) => {
  const address = '0x3A8e9b7c8d340626315788B48060469dFd080775';
  const before = `Audit before ${Date.now()}`;
  const after = `Audit after ${Date.now()}`;
  for (const body of [
    { nickname: before, bookmarked_status: false },
    { nickname: after, bookmarked_status: true },
  ]) {
    const put = await page.request.put('/api/addresses', {
      headers: API,
      data: { crypto_network: 'ETHEREUM', address, ...body },
    });
    expect(put.status(), await put.text()).toBe(200);
  }
  await page.goto('/audit?action=address.put');
  const filters = page.getByRole('form', { name: 'Audit filters' });
  await filters.getByLabel('Operator').fill('LOCAL');
  await filters.getByRole('button', { name: 'Show events' }).click();
  await expect(page).toHaveURL(/operator=LOCAL/);
  const row = page.getByRole('row').filter({ hasText: `“${after}”` });
  await expect(row).toContainText(`Nickname: “${before}” → “${after}”`);
  await expect(row).toContainText('Bookmarked: “no” → “yes”');
  await expect(row).toContainText(/Ethereum address 0x3a8e…0775/i);
  await expect(row).not.toContainText('ETHEREUM:0x');
  await shoot(page, '13-audit-words');
});

test('14: an approval that is not there reads like every other 404, with what to check', async ({
  page,
}) => {
  await page.goto('/approvals/no-such-request');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Approval request not found' }),
  ).toBeVisible();
  await expect(page.getByText(/Whether the request expired or was decided/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await shoot(page, '14-approval-404');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Check:')).toBeVisible();
  await shoot(page, '14-page-404');
});

test('15: a first visit with no identity says "You are not signed in"', async ({ page }) => {
  await page.route('**/api/**', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401 }),
    }),
  );
  await page.goto('/statements');
  await expect(page.getByRole('heading', { name: 'You are not signed in' })).toBeVisible();
  await shoot(page, '15-not-signed-in');
});

test('17: a write page says up front which role it needs', async ({ page, browser }) => {
  // A request held for two approvals (the shared server's USDG tier), to open as a viewer.
  const held = await page.request.post('/api/withdrawals', {
    headers: API,
    data: treasuryWithdrawalBody(randomUUID(), 'USDG', '1000000001'),
  });
  expect(held.status(), await held.text()).toBe(202);
  const approvalId = ((await held.json()) as { approval: { id: string } }).approval.id;

  const viewer = await browser.newPage({ extraHTTPHeaders: { 'X-Dev-Roles': 'viewer' } });
  await viewer.goto('/withdrawals/new');
  await expect(
    viewer.getByText('Starting a withdrawal needs the Withdrawal initiator role'),
  ).toBeVisible();
  await expect(viewer.getByRole('form', { name: 'New withdrawal' })).toHaveCount(0);
  await shoot(viewer, '17-gate-new-withdrawal');
  await viewer.goto('/addresses/new');
  await expect(viewer.getByText('Saving an address needs the Address editor role')).toBeVisible();
  await shoot(viewer, '17-gate-address-editor');
  // Someone else's request (the initiator is told their own story: cancel, not decide).
  const other = await browser.newPage({
    extraHTTPHeaders: { 'X-Dev-Roles': 'viewer', 'X-Dev-Operator': 'second-operator' },
  });
  await other.goto(`/approvals/${approvalId}`);
  await expect(
    other.getByText('Approving or rejecting this request needs the Withdrawal approver role'),
  ).toBeVisible();
  await expect(other.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await shoot(other, '17-gate-approval');
  await other.close();
  await viewer.close();
});

import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { SEED_PROFILE } from './pages/withdrawal-page';

// Issue 24 item 4: the ledger searches by the start of a ref_id, a transaction hash or a
// destination address, filters by asset and date range (all in the URL), and exports every
// matching withdrawal as CSV.

/** A lower-case hex address nobody else uses (no EIP-55 checksum to get wrong). */
const freshEthAddress = () => `0x${randomBytes(20).toString('hex')}`;
const LTC_ADDRESS = 'ltc1qystvf565xkvzpyz88n0kwnkhmae633cm07e7rw';
const today = () => new Date().toISOString().slice(0, 10);

async function submit(page: Page, body: Record<string, string>): Promise<void> {
  const response = await page.request.post('/api/withdrawals', {
    headers: { 'X-CSRF': '1' },
    data: { profile_id: SEED_PROFILE, amount: '0.01', ...body },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('search, filters in the URL, and the CSV export of what matches', async ({ page }) => {
  const tag = `ls-${randomUUID().slice(0, 8)}`;
  const ethAddress = freshEthAddress();
  await submit(page, {
    ref_id: `${tag}-eth`,
    asset: 'ETH',
    crypto_network: 'ETHEREUM',
    destination_address: ethAddress,
  });
  await submit(page, {
    ref_id: `${tag}-ltc`,
    asset: 'LTC',
    crypto_network: 'LITECOIN',
    destination_address: LTC_ADDRESS,
  });

  await page.goto('/withdrawals');
  const filters = page.getByRole('form', { name: 'Filter withdrawals' });
  const search = filters.getByRole('searchbox', { name: 'Search' });
  const apply = filters.getByRole('button', { name: 'Apply filters' });
  const rows = page.getByRole('table').getByRole('row');

  // An Ethereum address by its start, typed in another case: EVM addresses ignore case.
  await search.fill(ethAddress.slice(0, 12).toUpperCase());
  await apply.click();
  await expect(page).toHaveURL(/[?&]q=0X/);
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('link', { name: `${tag}-eth`.slice(0, 13) })).toBeVisible();

  // The start of the two ref_ids, then the asset: the URL keeps both.
  await search.fill(tag);
  await apply.click();
  await expect(rows).toHaveCount(3);
  await filters.getByRole('combobox', { name: 'Asset' }).selectOption('LTC');
  await apply.click();
  await expect(page).toHaveURL(new RegExp(`asset=LTC.*q=${tag}`));
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('LTC');

  // A date range: today holds both; from tomorrow, none. A reload keeps what the URL says.
  await filters.getByRole('combobox', { name: 'Asset' }).selectOption('');
  await filters.getByLabel('Submitted from (UTC)').fill(today());
  await filters.getByLabel('Submitted to (UTC)').fill(today());
  await apply.click();
  await expect(rows).toHaveCount(3);
  await page.reload();
  await expect(filters.getByRole('searchbox', { name: 'Search' })).toHaveValue(tag);
  await expect(rows).toHaveCount(3);

  // The export: every matching withdrawal, the filters of the view.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Export complete: 2 rows' }),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Save withdrawals-.*\.csv$/ }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toMatch(/^ref_id,status,created_at,/);
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual([`${tag}-eth`, `${tag}-ltc`]);

  // The filters with the export's message: no serious axe violation, and at 390 px nothing is
  // wider than the screen.
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(search).toBeVisible();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await filters.getByLabel('Submitted from (UTC)').fill(tomorrow);
  await filters.getByLabel('Submitted to (UTC)').fill(tomorrow);
  await apply.click();
  await expect(page.getByText('No withdrawals match')).toBeVisible();
});

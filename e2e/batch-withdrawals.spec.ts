import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test as base } from './fixtures';
import { ownBffFixture, type OwnBff } from './own-bff';
import { SEED_PROFILE } from './pages/withdrawal-page';

// Batch withdrawals from CSV (issue 28) as an operator meets them, at 1280 and 390 px: upload a
// file with one bad row, see it by line and column, drop it, review the batch (its total needs
// one approval though no row does), send it, approve it as a second operator on the Approvals
// page, watch it go, download the report. Its own BFF (the compiled one the webServer built).

const PORT = Number(process.env.E2E_BATCH_PORT ?? 8296);
const SANDBOX_PORT = Number(process.env.E2E_BATCH_SANDBOX_PORT ?? 4296);
const EVM = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';
const POLICY = {
  withdrawals: { require: 'tiers', tiers: [{ asset: 'USDG', above: '100', approvals: 1 }] },
  addresses: { new_addresses: true, travel_rule_changes: true, approvals: 1 },
  request_ttl_minutes: 30,
};
const SECOND_OPERATOR = 'second-operator';

const test = base.extend<object, { batchBff: OwnBff }>({
  batchBff: ownBffFixture({
    name: 'batch',
    port: PORT,
    sandboxPort: SANDBOX_PORT,
    env: { APPROVAL_POLICY: JSON.stringify(POLICY) },
  }),
  baseURL: async ({ batchBff }, use) => {
    await use(batchBff.url);
  },
});

test.describe.configure({ timeout: 120_000 });

/** Three rows: two of 60 USDG (120 in all: above the 100 tier) and one that is not valid. */
function batchFile(tag: string): string {
  return [
    'profile,asset,network,destination,amount,total,memo,metadata,ref_id',
    `${SEED_PROFILE},USDG,ETHEREUM,${EVM},60,,${tag}-1,payroll=nov,`,
    `${SEED_PROFILE},USDG,ETHEREUM,0xnot-an-address,5,,${tag}-2,,`,
    `${SEED_PROFILE},USDG,ETHEREUM,${EVM},60,,${tag}-3,,`,
    '',
  ].join('\r\n');
}

async function approveAsSecondOperator(
  context: BrowserContext,
  approvalPath: string,
  shot: string,
) {
  const approver = await context.newPage();
  await approver.goto(approvalPath);
  await expect(approver.getByRole('heading', { name: 'Withdrawal batch approval' })).toBeVisible();
  await expect(approver.getByRole('region', { name: 'Batch' })).toContainText('2 withdrawals');
  await approver.screenshot({ path: `/tmp/shots/batch-${shot}-approval.png`, fullPage: true });
  await approver.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByText('Approved').first()).toBeVisible();
  await approver.close();
}

async function story(page: Page, context: BrowserContext, shot: string) {
  await page.goto('/withdrawals');
  await page.getByRole('link', { name: 'Batch from CSV' }).click();
  await expect(page.getByRole('heading', { name: 'Batch withdrawals', level: 1 })).toBeVisible();
  await page.getByLabel('CSV file (or drop it here)').setInputFiles({
    name: 'payout.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(batchFile(randomUUID().slice(0, 8))),
  });
  // Checked in the browser: the bad row by line and column.
  const checked = page.getByRole('region', { name: 'Checked in the browser' });
  await expect(checked).toContainText('3 rows, 2 valid');
  await expect(checked.getByRole('list', { name: 'Validation errors' })).toContainText('Line 3');
  await expect(checked).toContainText('destination');
  await page.screenshot({ path: `/tmp/shots/batch-${shot}-checked.png`, fullPage: true });
  expect(await seriousViolations(page, { headingOrder: true })).toEqual([]);
  await page.getByRole('button', { name: 'Upload for review' }).click();

  // The BFF's batch: the same error; nothing is sent until the row is dropped.
  const heading = page.getByRole('heading', { name: /^Batch [0-9a-f]{24}$/ });
  await expect(heading).toBeVisible();
  const batchId = (await heading.textContent())!.replace('Batch ', '');
  await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Drop this row (line 3)' }).click();
  const review = page.getByRole('region', { name: 'Review' });
  await expect(review).toContainText('120 USDG');
  await expect(review).toContainText('120.00 USD');
  await expect(review).toContainText('1 approval for the whole batch');
  await page.screenshot({ path: `/tmp/shots/batch-${shot}-review.png`, fullPage: true });
  expect(await seriousViolations(page, { headingOrder: true })).toEqual([]);
  await page.getByRole('button', { name: 'Send' }).click();

  // Held as one request; a second operator approves it on the Approvals page.
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status).toContainText('Held for approval');
  const approvalLink = status.getByRole('link');
  const approvalPath = `/approvals/${await approvalLink.textContent()}`;
  await approveAsSecondOperator(context, approvalPath, shot);

  // The page polls: the rows go, each with its transfer.
  await expect(status).toContainText('Done', { timeout: 30_000 });
  await expect(status).toContainText('2 of 2 rows to send settled');
  const rows = page.getByRole('region', { name: 'Rows' });
  await expect(rows.getByText('Created')).toHaveCount(2);
  await expect(rows.getByText('Dropped')).toHaveCount(1);
  await page.screenshot({ path: `/tmp/shots/batch-${shot}-done.png`, fullPage: true });

  const download = page.waitForEvent('download');
  await status.getByRole('button', { name: 'Download report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^withdrawal-batch-[0-9a-f]{24}\.csv$/);

  // Found again from the Withdrawals page, as after leaving the batch's page: Done, both sent.
  await page.goto('/withdrawals');
  await page.getByRole('link', { name: 'Batches', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Withdrawal batches', level: 1 })).toBeVisible();
  const link = page.getByRole('link', { name: `${batchId.slice(0, 12)}…` });
  await expect(link).toHaveAttribute('href', `/batches/${batchId}`);
  const listed = page.getByRole('row').filter({ has: link });
  await expect(listed).toContainText('Done');
  await expect(listed).toContainText('2 of 2 sent');
  await expect(listed).toContainText('1 dropped');
  await page.screenshot({ path: `/tmp/shots/batch-${shot}-list.png`, fullPage: true });
  expect(await seriousViolations(page, { headingOrder: true })).toEqual([]);
}

for (const width of [1280, 390]) {
  test(`a CSV batch with a bad row, dropped, approved by a second operator and sent (${width} px)`, async ({
    browser,
    batchBff,
  }) => {
    const viewport = { width, height: 900 };
    const initiator = await browser.newContext({ baseURL: batchBff.url, viewport });
    const approver = await browser.newContext({
      baseURL: batchBff.url,
      viewport,
      extraHTTPHeaders: { 'X-Dev-Operator': SECOND_OPERATOR },
    });
    try {
      await story(await initiator.newPage(), approver, String(width));
    } finally {
      await initiator.close();
      await approver.close();
    }
  });
}

for (const width of [1280, 390]) {
  test(`a bad row fixed in the file: the corrected file replaces the check and goes whole (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/withdrawals');
    await page.getByRole('link', { name: 'Batch from CSV' }).click();
    const tag = randomUUID().slice(0, 8);
    const input = page.getByLabel('CSV file (or drop it here)');
    await input.setInputFiles({
      name: 'payout.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(batchFile(tag)),
    });
    const checked = page.getByRole('region', { name: 'Checked in the browser' });
    await expect(checked).toContainText('3 rows, 2 valid');
    await expect(checked.getByRole('list', { name: 'Validation errors' })).toContainText('Line 3');

    // The operator fixes line 3 (its destination) in the file and chooses it again.
    const fixed = batchFile(tag).replace('0xnot-an-address', EVM);
    await input.setInputFiles({
      name: 'payout-fixed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(fixed),
    });
    await expect(checked).toContainText('payout-fixed.csv: 3 rows, 3 valid.');
    await expect(checked.getByRole('list', { name: 'Validation errors' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Upload for review' }).click();

    await expect(page.getByRole('heading', { name: /^Batch [0-9a-f]{24}$/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Review' })).toContainText('125 USDG');
    await expect(page.getByRole('button', { name: 'Drop this row (line 3)' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  });
}

import { expect, test } from './fixtures';
import { WithdrawalPage, ethFromSeed } from './pages/withdrawal-page';

// Issue 13 item 8: per-asset precision (contract/asset-precision.ts) and the Stellar memo rule
// (contract/memo-required.ts).

/** The known exchange deposit address of contract/memo-required.ts. */
const EXCHANGE_STELLAR = 'GCHXEO66VNRZTBFPCWG56LTZ56BCTQNSEEX64JQEAWYNWZXZS5P65L5G';
const FRESH_ETH = '0x5aeda56215b167893e80b4fe645ba6d5bab767de';

test.beforeEach(async ({ page }) => {
  await page.goto('/withdrawals');
  await page.evaluate(() => sessionStorage.clear());
});

// @exclusive (fixtures.ts): "never sent" counts every transfer at the local upstream.
test('an ETH amount with 19 decimals is refused inline and never sent @exclusive', async ({
  page,
  sandbox,
}) => {
  const before = (await (await sandbox.request.get('/__sandbox/transfers')).json()) as {
    transfers: unknown[];
  };
  const withdrawal = new WithdrawalPage(page);
  await withdrawal.startNew(ethFromSeed(FRESH_ETH, `0.${'1'.repeat(19)}`));
  await withdrawal.form.getByRole('button', { name: 'Review withdrawal' }).click();
  const amount = withdrawal.form.getByRole('textbox', { name: 'Amount to send' });
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/ETH takes at most 18 decimal places/);
  await expect(withdrawal.reviewHeading).toHaveCount(0);
  await amount.fill(`0.${'1'.repeat(18)}`);
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  const after = (await (await sandbox.request.get('/__sandbox/transfers')).json()) as {
    transfers: unknown[];
  };
  expect(after.transfers).toHaveLength(before.transfers.length);
});

test('a Stellar exchange deposit address warns that a memo is probably needed', async ({
  page,
}) => {
  await page.goto(`/withdrawals/new?crypto_network=STELLAR&address=${EXCHANGE_STELLAR}`);
  const withdrawal = new WithdrawalPage(page);
  const warning = page.getByRole('alert').filter({ hasText: 'A memo is probably needed' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('known exchange deposit address');
  await withdrawal.form.getByRole('textbox', { name: 'Memo' }).fill('884422');
  await expect(warning).toHaveCount(0);
});

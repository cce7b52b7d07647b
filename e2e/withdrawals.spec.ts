import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test, transfersUpstream } from './fixtures';
import {
  SEED_PROFILE,
  SMALL_PROFILE,
  WithdrawalPage,
  ethFromSeed,
  treasuryWithdrawalBody,
} from './pages/withdrawal-page';
import { tablesScrollingSideways } from './table-layout';

// Valid mainnet addresses (sandbox/seed/sample-addresses.ts) and fresh ones nobody saved.
const SAVED_LIKE_ETH = '0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318';
/** Lower-case hex (no EIP-55 checksum to get wrong) that no seed or test saves with Travel Rule data. */
const FRESH_ETH = '0x5aeda56215b167893e80b4fe645ba6d5bab767de';

async function expectNoSeriousAxeViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  // Each test starts without a draft from an earlier one.
  await page.goto('/withdrawals');
  await page.evaluate(() => sessionStorage.clear());
});

test('happy path: review shows the ref_id, submit creates one transfer', async ({
  page,
  sandbox,
}) => {
  // Axe scans the states only this flow reaches (the review, the result); the empty form, the
  // ledger and the detail page are scanned in a11y-sweep.spec.ts at every size and theme.
  const withdrawal = new WithdrawalPage(page);
  const refId = await withdrawal.reviewNew(ethFromSeed(SAVED_LIKE_ETH, '0.25'));
  // The amount as it will be sent (the guaranteed fee panel repeats it as what arrives).
  await expect(page.getByText('0.25 ETH').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Guaranteed fee' })).toContainText('0.2504 ETH');
  await expectNoSeriousAxeViolations(page);

  await withdrawal.submitAndSeeCreated(refId);
  // Live status: Pending at first, Completed once it settles (SANDBOX_SETTLE_MS).
  await expect(withdrawal.transferCard).toContainText(/Pending|Completed/);
  await expect(withdrawal.transferCard).toContainText('0.2504 ETH');
  await expectNoSeriousAxeViolations(page);
  expect(await transfersUpstream(sandbox.request, refId)).toHaveLength(1);

  // The ledger lists it, and its detail shows the attempt.
  await page.getByRole('link', { name: 'Open in the ledger' }).click();
  await expect(page.getByRole('heading', { name: 'Withdrawal', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Transfer' })).toContainText(refId);
  await expect(page.getByRole('table')).toContainText('Created');
  await page.goto('/withdrawals');
  await expect(page.getByRole('link', { name: refId.slice(0, 13) })).toBeVisible();
  // The ref_id filter narrows the ledger to this one, and the URL holds the filter.
  const filters = page.getByRole('form', { name: 'Filter withdrawals' });
  await filters.getByRole('textbox', { name: 'ref_id' }).fill(refId);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`ref_id=${refId}`));
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(page.getByText('Rows 1 to 1')).toBeVisible();
});

test('a double click on Submit sends one request and creates one transfer', async ({
  page,
  sandbox,
}) => {
  const withdrawal = new WithdrawalPage(page);
  const refId = await withdrawal.reviewNew({
    profileId: SEED_PROFILE,
    asset: 'SOL',
    network: 'SOLANA',
    address: '2G3DJsQcfn4AJ91dvp4RcDD8E8wCFNZwoxXB4u8VEQk3',
    amount: '1',
    mode: 'debit',
  });
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/withdrawals')
      posts += 1;
  });
  await withdrawal.submitButton.dblclick();
  await expect(withdrawal.transferCard).toContainText(refId);
  expect(posts).toBe(1);
  expect(await transfersUpstream(sandbox.request, refId)).toHaveLength(1);
});

test('a reload on the review keeps the ref_id', async ({ page }) => {
  const withdrawal = new WithdrawalPage(page);
  const refId = await withdrawal.reviewNew({
    profileId: SEED_PROFILE,
    asset: 'BTC',
    network: 'BITCOIN',
    address: 'bc1qxhnhp4tkza99g4u5mzs8dpznz50hasretf832q',
    amount: '0.001',
  });
  await page.reload();
  await expect(withdrawal.reviewHeading).toBeVisible();
  expect(await withdrawal.shownRefId()).toBe(refId);
  // Back to edit and to the review again with the same request: still the same intent.
  await page.getByRole('button', { name: 'Back to edit' }).click();
  await expect(withdrawal.form.getByRole('textbox', { name: 'Amount to send' })).toHaveValue(
    '0.001',
  );
  expect(await withdrawal.openReview()).toBe(refId);
});

test('submitting an earlier ref_id again shows the existing transfer, not a new one', async ({
  page,
  sandbox,
}) => {
  const withdrawal = new WithdrawalPage(page);
  const refId = await withdrawal.reviewNew({
    profileId: SEED_PROFILE,
    asset: 'LTC',
    network: 'LITECOIN',
    address: 'ltc1qystvf565xkvzpyz88n0kwnkhmae633cm07e7rw',
    amount: '0.5',
  });
  const staleDraft = await withdrawal.storedDraft();
  expect(staleDraft).toContain(refId);
  await withdrawal.submitAndSeeCreated();
  const transferId = await withdrawal.shownTransferId();

  // A second tab (or a stale one) still holding the same intent submits it again.
  await withdrawal.restoreDraft(staleDraft!);
  await page.reload();
  expect(await withdrawal.shownRefId()).toBe(refId);
  await withdrawal.submitButton.click();
  await expect(page.getByRole('status').filter({ hasText: 'Already submitted' })).toBeVisible();
  expect(await withdrawal.shownTransferId()).toBe(transferId);
  expect(await transfersUpstream(sandbox.request, refId)).toHaveLength(1);
});

test('insufficient funds shows what is available and what is needed', async ({ page, sandbox }) => {
  const withdrawal = new WithdrawalPage(page);
  const refId = await withdrawal.reviewNew({
    profileId: SMALL_PROFILE,
    asset: 'ETH',
    network: 'ETHEREUM',
    address: SAVED_LIKE_ETH,
    // All that is available: the form lets it through (it is not above the balance), and the
    // fee on top is what the service refuses.
    amount: '0.01',
  });
  await withdrawal.submitButton.click();
  const alert = page.getByRole('alert').filter({ hasText: 'Insufficient funds' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Available');
  await expect(alert).toContainText('0.01 ETH');
  await expect(alert).toContainText('Needed');
  await expect(alert).toContainText('0.0104 ETH');
  expect(await transfersUpstream(sandbox.request, refId)).toHaveLength(0);
  // The form is back for a change; the next review is a new intent with a new ref_id.
  await withdrawal.form.getByRole('textbox', { name: 'Amount to send' }).fill('0.001');
  expect(await withdrawal.openReview()).not.toBe(refId);
});

test('Travel Rule required: the address editor and back to the same withdrawal and ref_id', async ({
  page,
  sandbox,
}) => {
  const withdrawal = new WithdrawalPage(page);
  // 1.5 ETH is 4,500 USD: over the 3,000 USD Travel Rule threshold.
  const refId = await withdrawal.reviewNew(ethFromSeed(FRESH_ETH, '1.5'));
  await withdrawal.submitButton.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Travel Rule information required' }),
  ).toBeVisible();
  expect(await transfersUpstream(sandbox.request, refId)).toHaveLength(0);

  await page.getByRole('button', { name: 'Add Travel Rule data to this address' }).click();
  await expect(page).toHaveURL(/\/addresses\/new\?/);
  await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue(FRESH_ETH);
  await page.getByRole('radio', { name: 'Self', exact: true }).check();
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await page.getByRole('button', { name: 'Save address' }).click();
  await page.getByRole('link', { name: 'Back to the withdrawal' }).click();

  await expect(withdrawal.reviewHeading).toBeVisible();
  expect(await withdrawal.shownRefId()).toBe(refId);
  await withdrawal.submitButton.click();
  await expect(withdrawal.transferCard).toContainText(refId);
  expect(await transfersUpstream(sandbox.request, refId)).toHaveLength(1);
});

// @exclusive (fixtures.ts): the fault fails every call to the local upstream, whoever makes it.
test('an unknown outcome is never shown as failed, and "Check again" makes exactly one transfer @exclusive', async ({
  page,
  sandbox,
}) => {
  const withdrawal = new WithdrawalPage(page);
  const refId = await withdrawal.reviewNew({
    profileId: SEED_PROFILE,
    asset: 'USDC',
    network: 'ETHEREUM',
    address: SAVED_LIKE_ETH,
    amount: '25',
  });
  // The upstream creates the transfer, then drops the connection unanswered. The BFF retries
  // with the same ref_id by itself (it would learn of the transfer through the 409), so every
  // call after the drop fails too (500s, whoever makes it: the console's background reads go on
  // meanwhile): the answer stays lost and the outcome reaches the operator as unknown.
  const fault = await sandbox.request.post('/__sandbox/faults', {
    data: { dropAfterCreate: 1, failAfterDrop: true, errorStatus: 500 },
  });
  expect(fault.ok()).toBe(true);

  await withdrawal.submitButton.click();
  const unknown = page.getByRole('alert').filter({ hasText: 'Outcome unknown' });
  await expect(unknown).toBeVisible();
  await expect(unknown).toContainText(refId);
  // The only mention of "failed" on the page is the title saying it is not.
  await expect(page.getByText(/failed/i)).toHaveText(['Outcome unknown: not failed']);
  expect(await transfersUpstream(sandbox.request, refId)).toHaveLength(1);

  // A reload keeps the unknown intent and its ref_id.
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Outcome unknown' })).toContainText(refId);

  // The connection is back; checking again resends the same ref_id.
  await sandbox.request.delete('/__sandbox/faults');
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(withdrawal.transferCard).toContainText(refId);
  expect(await transfersUpstream(sandbox.request, refId)).toHaveLength(1);
});

/** Presses Tab until `target` has the focus (as an operator would), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the whole flow works with the keyboard alone', async ({ page, sandbox }) => {
  const withdrawal = new WithdrawalPage(page);
  await withdrawal.gotoNew();
  const form = withdrawal.form;
  await tabTo(page, withdrawal.profileField);
  await page.keyboard.type(SEED_PROFILE);
  await page.keyboard.press('Tab');
  await expect(withdrawal.assetField).toBeFocused();
  await page.keyboard.type('ETH');
  await page.keyboard.press('Tab');
  const network = form.getByRole('combobox', { name: 'Network', exact: true });
  await expect(network).toBeFocused();
  // Type-ahead on the focused select: "E" is Ethereum.
  await page.keyboard.press('E');
  await expect(network).toHaveValue('ETHEREUM');
  await tabTo(page, form.getByRole('textbox', { name: 'Destination address' }));
  await page.keyboard.type(SAVED_LIKE_ETH);
  // Tab enters the radio group on the checked radio; an arrow key moves to (and checks) the next.
  await tabTo(page, form.getByRole('radio', { name: 'Send exactly' }));
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: 'Debit exactly' })).toBeChecked();
  await tabTo(page, form.getByRole('textbox', { name: 'Total to debit' }));
  await page.keyboard.type('0.0101');
  await page.keyboard.press('Enter');
  await expect(withdrawal.reviewHeading).toBeFocused();
  await expect(page.getByText('Debit exactly', { exact: true })).toBeVisible();
  const refId = await withdrawal.shownRefId();
  await tabTo(page, withdrawal.submitButton);
  await page.keyboard.press('Enter');
  await expect(withdrawal.transferCard).toContainText(refId);
  await expect(withdrawal.transferCard).toContainText('0.0101 ETH');
  expect(await transfersUpstream(sandbox.request, refId)).toHaveLength(1);
});

test('field errors show inline', async ({ page }) => {
  const withdrawal = new WithdrawalPage(page);
  await withdrawal.gotoNew();
  await withdrawal.form.getByRole('button', { name: 'Review withdrawal' }).click();
  const profile = withdrawal.profileField;
  await expect(profile).toHaveAttribute('aria-invalid', 'true');
  await expect(profile).toHaveAccessibleDescription(/Required/);
  await expect(profile).toBeFocused();
  await expect(withdrawal.reviewHeading).toHaveCount(0);
  const amount = withdrawal.form.getByRole('textbox', { name: 'Amount to send' });
  await amount.fill('1e5');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill('1.5');
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
});

test('the address book: pick a saved address, and a look-alike of one warns', async ({ page }) => {
  const saved = '0x8ba1f109551bd432803012645ac136ddd64dba72';
  // Same first and last four characters after 0x, different middle: address poisoning.
  const lookAlike = '0x8ba100000000000000000000000000000000ba72';
  const put = await page.request.put('/api/addresses', {
    headers: { 'X-CSRF': '1' },
    data: { crypto_network: 'ETHEREUM', address: saved, nickname: 'E2E treasury' },
  });
  expect(put.ok()).toBe(true);

  const withdrawal = new WithdrawalPage(page);
  await withdrawal.gotoNew();
  await withdrawal.form
    .getByRole('combobox', { name: 'Network', exact: true })
    .selectOption('ETHEREUM');
  const picker = withdrawal.form.getByRole('combobox', { name: 'Pick a saved address' });
  await picker.selectOption({ label: `E2E treasury · ${saved.slice(0, 10)}…${saved.slice(-6)}` });
  const destination = withdrawal.form.getByRole('textbox', { name: 'Destination address' });
  await expect(destination).toHaveValue(saved);
  await expect(destination).toHaveAccessibleDescription(
    /Saved in the address book as “E2E treasury”/,
  );

  await destination.fill(lookAlike);
  const warning = page.getByRole('alert').filter({ hasText: 'Look-alike address' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('E2E treasury');
});

test('a link prefills the destination, and a Stellar destination asks for a memo', async ({
  page,
}) => {
  const stellar = 'GB63EL64H3EVJTUGHBLMMFDREEUJYNA32D746YXTXB7FWYZIM6O6XU2L';
  await page.goto(`/withdrawals/new?crypto_network=STELLAR&address=${stellar}`);
  const withdrawal = new WithdrawalPage(page);
  await expect(withdrawal.form.getByRole('combobox', { name: 'Network', exact: true })).toHaveValue(
    'STELLAR',
  );
  await expect(withdrawal.form.getByRole('textbox', { name: 'Destination address' })).toHaveValue(
    stellar,
  );
  // The prefill now lives in the draft; the URL is plain again (a stable place to come back to).
  await expect(page).toHaveURL(/\/withdrawals\/new$/);
  await expect(page.getByText('Memo for Stellar')).toBeVisible();
  await withdrawal.form.getByRole('textbox', { name: 'Memo' }).fill('12345');
  await expect(page.getByText('Memo for Stellar')).toHaveCount(0);
  // The draft survives a reload (and a detour to the address editor).
  await page.reload();
  await expect(withdrawal.form.getByRole('textbox', { name: 'Memo' })).toHaveValue('12345');
  await expect(withdrawal.form.getByRole('textbox', { name: 'Destination address' })).toHaveValue(
    stellar,
  );
});

test('the ledger fits a desktop screen with a billion-USDG row: its unit and headers wrap, no column is cut off', async ({
  page,
}) => {
  // Held by the shared server's USDG tier (playwright.config.ts): a row with the widest amount
  // and USD value the ledger shows. Before, that row made the table scroll sideways at 1280 px and
  // hid its Submitted column.
  const refId = randomUUID();
  const held = await page.request.post('/api/withdrawals', {
    headers: { 'X-CSRF': '1' },
    data: treasuryWithdrawalBody(refId, 'USDG', '1000000001'),
  });
  expect(held.status(), await held.text()).toBe(202);
  await page.goto(`/withdrawals?ref_id=${refId}`);
  const ledger = page.getByRole('table');
  await expect(ledger.getByRole('row')).toHaveCount(2);
  await expect(ledger).toContainText('1,000,000,001.00 USD');
  await expect(ledger.getByRole('columnheader', { name: 'Submitted' })).toBeInViewport();
  expect(await tablesScrollingSideways(page)).toEqual([]);
});

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, transfersUpstream } from './fixtures';
import { SEED_PROFILE, WithdrawalPage, ethFromSeed } from './pages/withdrawal-page';

// Issue 26 items 1-5 (withdrawals): what the screens say is what happened. Each state is shot at
// 1280 and 390 px into /tmp/shots/wd-*.png (looked at by hand; nothing compares them).

/** Fresh lower-case EVM addresses no seed or other test saves (no Travel Rule data). */
const FRESH_A = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d';
const FRESH_B = '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984';
/** The local upstream's always-failing EVM destination (sandbox/README.md). */
const FAILING_EVM = '0x2D1896e76aF50C066F0fB71bFE327860408E92Be';
/** The known Stellar exchange deposit address (contract/networks/registry.ts). */
const EXCHANGE_STELLAR = 'GCHXEO66VNRZTBFPCWG56LTZ56BCTQNSEEX64JQEAWYNWZXZS5P65L5G';
const STELLAR_B = 'GB63EL64H3EVJTUGHBLMMFDREEUJYNA32D746YXTXB7FWYZIM6O6XU2L';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/shots/wd-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/withdrawals');
  await page.evaluate(() => sessionStorage.clear());
});

test('item 1: back from the Travel Rule detour the draft says it was submitted and refused', async ({
  page,
}) => {
  const withdrawal = new WithdrawalPage(page);
  // 1.5 ETH is 4,500 USD: over the 3,000 USD Travel Rule threshold.
  const refId = await withdrawal.reviewNew(ethFromSeed(FRESH_A, '1.5'));
  await withdrawal.submitButton.click();
  await page.getByRole('button', { name: 'Add Travel Rule data to this address' }).click();
  await page.getByRole('radio', { name: 'Self', exact: true }).check();
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await page.getByRole('button', { name: 'Save address' }).click();
  await page.getByRole('link', { name: 'Back to the withdrawal' }).click();

  const notice = page.getByRole('status').filter({ hasText: 'Resumed draft' });
  await expect(notice).toContainText('Resumed draft: submitted and refused');
  await expect(notice).toContainText(refId);
  await expect(notice).toContainText(/Travel Rule/);
  await expect(page.getByText(/never submitted/)).toHaveCount(0);
  await expect(
    page.getByText('This is the withdrawal as submitted with this ref_id.'),
  ).toBeVisible();
  await shoot(page, '1-resumed-refused');
});

test('item 1: a refused withdrawal is sent again from the ledger with the same ref_id', async ({
  page,
  sandbox,
}) => {
  const refId = randomUUID();
  const body = {
    ref_id: refId,
    profile_id: SEED_PROFILE,
    asset: 'ETH',
    crypto_network: 'ETHEREUM',
    destination_address: FRESH_B,
    amount: '1.5',
  };
  const first = await page.request.post('/api/withdrawals', {
    headers: { 'X-CSRF': '1' },
    data: body,
  });
  expect(first.status()).toBe(403);
  // The cause is fixed: the destination gets its Travel Rule data.
  const saved = await page.request.put('/api/addresses', {
    headers: { 'X-CSRF': '1' },
    data: {
      crypto_network: 'ETHEREUM',
      address: FRESH_B,
      travelrule_metadata: { beneficiary: { self: true }, custodian_type: 'PRIVATE' },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await page.goto(`/withdrawals/${refId}`);
  const send = page.getByRole('button', { name: 'Send again with the same ref_id' });
  await expect(send).toBeVisible();
  await shoot(page, '1-ledger-send-again');
  await send.click();
  await expect(page.getByRole('region', { name: 'Transfer' }).first()).toContainText(refId);
  expect(await transfersUpstream(sandbox.request, refId)).toHaveLength(1);
  await shoot(page, '1-ledger-sent-again');
});

test('item 2: a 401 on submit, then signing in again: "not sent", and it goes with the same ref_id', async ({
  page,
  sandbox,
}) => {
  const withdrawal = new WithdrawalPage(page);
  const refId = await withdrawal.reviewNew(ethFromSeed(FRESH_A, '0.01'));
  // The BFF's own 401 (the SSO session ended): its identity check answers before the route.
  await page.route('**/api/withdrawals', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 401,
          contentType: 'application/problem+json',
          body: JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401 }),
        })
      : route.fallback(),
  );
  await withdrawal.submitButton.click();
  await expect(page.getByRole('heading', { name: 'Your session ended' })).toBeVisible();
  await page.unroute('**/api/withdrawals');
  await page.getByRole('button', { name: 'Sign in again' }).click();

  const notSent = page.getByRole('status').filter({ hasText: 'Not sent: your session had ended' });
  await expect(notSent).toContainText(refId);
  await expect(page.getByText(/Outcome unknown/)).toHaveCount(0);
  await shoot(page, '2-not-sent');
  await page.getByRole('button', { name: 'Submit withdrawal' }).click();
  await expect(withdrawal.transferCard).toContainText(refId);
  expect(await transfersUpstream(sandbox.request, refId)).toHaveLength(1);
});

test('item 3: the service expired the quote: "Get a new quote" is the primary fix', async ({
  page,
}) => {
  const withdrawal = new WithdrawalPage(page);
  await withdrawal.reviewNew(ethFromSeed(FRESH_A, '0.01'));
  const panel = page.getByRole('region', { name: 'Guaranteed fee' });
  await expect(panel.getByRole('timer')).toBeVisible();
  // The service's clock ran ahead of the quote's: its 403 Expired, once.
  await page.route('**/api/withdrawals', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 403,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            type: 'https://developer.paxos.com/docs/v2/problems/expired',
            title: 'Expired',
            status: 403,
            detail: 'The fee quote has expired.',
            meta: { expired_at: new Date().toISOString() },
          }),
        })
      : route.fallback(),
  );
  await withdrawal.submitButton.click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Fee quote expired' });
  await expect(refusal).toContainText('Get a new quote under “Guaranteed fee” below');
  await expect(refusal).not.toContainText('leave the fee id empty');
  await expect(page.getByRole('button', { name: 'Get a new quote' })).toHaveClass(
    /button--primary/,
  );
  await expect(page.getByRole('button', { name: 'Back to edit' })).not.toHaveClass(
    /button--primary/,
  );
  await shoot(page, '3-quote-expired');
});

test('item 4: words by final status: completed is final, a failed transfer returned its total', async ({
  page,
}) => {
  const withdrawal = new WithdrawalPage(page);
  await withdrawal.reviewNew(ethFromSeed(FRESH_A, '0.01'));
  await withdrawal.submitButton.click();
  await expect(withdrawal.transferCard.getByText('Completed')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/The network confirmed it: its status is final/)).toBeVisible();
  await expect(page.getByText(/Its status changes as the network confirms it/)).toHaveCount(0);
  await expect(withdrawal.transferCard.getByText('Total debited')).toBeVisible();
  await shoot(page, '4-completed');

  await page.getByRole('button', { name: 'Start another withdrawal' }).click();
  await withdrawal.fill({
    profileId: SEED_PROFILE,
    asset: 'ETH',
    network: 'ETHEREUM',
    address: FAILING_EVM,
    amount: '0.01',
  });
  await withdrawal.openReview();
  await withdrawal.submitButton.click();
  await expect(page.getByText('Accepted, then failed')).toBeVisible({ timeout: 15_000 });
  await expect(withdrawal.transferCard.getByText('Total returned')).toBeVisible();
  await expect(withdrawal.transferCard.getByText(/^Total debit/)).toHaveCount(0);
  await shoot(page, '4-failed');
});

test('item 5: the review repeats the memo warning; the address book keeps a memo and prefills it', async ({
  page,
}) => {
  const withdrawal = new WithdrawalPage(page);
  await page.goto(`/withdrawals/new?crypto_network=STELLAR&address=${EXCHANGE_STELLAR}`);
  await withdrawal.fillProfile(SEED_PROFILE);
  await withdrawal.fillAsset('XLM');
  await withdrawal.form.getByRole('textbox', { name: 'Amount to send' }).fill('25');
  await withdrawal.openReview();
  const warning = page.getByRole('alert').filter({ hasText: 'A memo is probably needed' });
  await expect(warning).toContainText('This withdrawal has no memo');
  await shoot(page, '5-review-memo-warning');

  // A Stellar address saved in the book, with the memo it is credited by.
  const put = await page.request.put('/api/addresses', {
    headers: { 'X-CSRF': '1' },
    data: { crypto_network: 'STELLAR', address: STELLAR_B, nickname: 'E2E exchange deposit' },
  });
  expect(put.ok()).toBe(true);
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`/addresses/new?crypto_network=STELLAR&address=${STELLAR_B}`);
  const card = page.getByRole('region', { name: 'Memo for withdrawals' });
  await card.getByRole('textbox', { name: 'Memo' }).fill('884422');
  await card.getByRole('button', { name: 'Keep this memo' }).click();
  await expect(card.getByRole('status')).toContainText('Memo 884422 kept');
  await shoot(page, '5-book-memo');

  await withdrawal.gotoNew();
  await withdrawal.form
    .getByRole('combobox', { name: 'Network', exact: true })
    .selectOption('STELLAR');
  await withdrawal.form.getByRole('combobox', { name: 'Pick a saved address' }).selectOption({
    label: `E2E exchange deposit · ${STELLAR_B.slice(0, 10)}…${STELLAR_B.slice(-6)}`,
  });
  const memo = withdrawal.form.getByRole('textbox', { name: 'Memo' });
  await expect(memo).toHaveValue('884422');
  await expect(memo).toHaveAccessibleDescription(/the address book keeps for this address/);
  await shoot(page, '5-form-memo-prefilled');
});

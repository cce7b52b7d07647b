import { expect, test, type SandboxControl, transfersUpstream } from './fixtures';
import { AddressEditorPage, freshEvmAddress } from './pages/address-editor-page';
import { SEED_PROFILE, WithdrawalPage, ethFromSeed } from './pages/withdrawal-page';

// The companion operations (transfer read, fee quotes): the local upstream grants them to the
// console's default client, so the console runs with them on.

/** sandbox/seed/magic-values.ts: accepted, then FAILED on chain. */
const FAILING_ETH = '0x2D1896e76aF50C066F0fB71bFE327860408E92Be';
const PLAIN_ETH = '0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318';

interface Stats {
  requests: Record<string, number>;
  withdrawalsCreated: number;
}

async function stats(sandbox: SandboxControl): Promise<Stats> {
  const response = await sandbox.request.get('/__sandbox/stats');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Stats;
}

const CREATE = 'POST /v2/transfer/crypto-withdrawals';
const READ = 'GET /v2/transfer/transfers';

test.beforeEach(async ({ page }) => {
  await page.goto('/withdrawals');
  await page.evaluate(() => sessionStorage.clear());
});

test('a withdrawal to the always-failing address turns to Failed with its reason, without a reload', async ({
  page,
}) => {
  const withdrawal = new WithdrawalPage(page);
  const refId = await withdrawal.reviewNew(ethFromSeed(FAILING_ETH, '0.01'));
  await withdrawal.submitAndSeeCreated(refId);
  // The card polls the transfer read: Pending turns to Failed, with the reason in words.
  await expect(withdrawal.transferCard).toContainText('Failed');
  await expect(withdrawal.transferCard.getByRole('list', { name: 'Status details' })).toContainText(
    'Invalid destination address',
  );
  await expect(withdrawal.transferCard).toContainText('live, checked');
  // The banner follows: "created" was true when the service accepted it, no longer the news.
  await expect(page.getByRole('alert').filter({ hasText: 'Accepted, then failed' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Withdrawal created' })).toHaveCount(0);

  // The ledger knows it too (the BFF kept what it read).
  await page.getByRole('link', { name: 'Open in the ledger' }).click();
  await expect(page.getByRole('region', { name: 'Transfer' })).toContainText('Failed');
});

test('a transfer whose Travel Rule data the beneficiary VASP rejects says so in words, live', async ({
  page,
}) => {
  const withdrawal = new WithdrawalPage(page);
  // sandbox/seed/magic-values.ts STORY_MEMOS: accepted, then FAILED with that secondary status.
  await withdrawal.reviewNew({
    ...ethFromSeed(PLAIN_ETH, '0.01'),
    memo: 'SANDBOX_TRAVEL_RULE_REJECTED',
  });
  await withdrawal.submitAndSeeCreated();
  await expect(withdrawal.transferCard).toContainText('Failed');
  await expect(withdrawal.transferCard).toContainText('Travel Rule information rejected');
  await expect(withdrawal.transferCard).toContainText(
    'The beneficiary VASP rejected the Travel Rule information',
  );
});

test('the review shows a guaranteed fee that the created transfer is charged', async ({
  page,
  sandbox,
}) => {
  const withdrawal = new WithdrawalPage(page);
  await withdrawal.startNew(ethFromSeed(PLAIN_ETH, '0.3'));
  // The quote the review asks for: its fee is what the page shows and what the transfer costs.
  const quoteAnswer = page.waitForResponse(
    (r) => r.url().endsWith('/api/fee-quotes') && r.request().method() === 'POST',
  );
  const refId = await withdrawal.openReview();
  const quote = (await (await quoteAnswer).json()) as { id: string; fee: string };
  const fee = page.getByRole('region', { name: 'Guaranteed fee' });
  await expect(fee).toContainText(`${quote.fee} ETH`);
  await expect(fee).toContainText('0.3004 ETH');
  await expect(fee.getByRole('timer')).toHaveText(/^for \d+:\d\d$/);

  const submitted = page.waitForRequest(
    (r) => r.url().endsWith('/api/withdrawals') && r.method() === 'POST',
  );
  await withdrawal.submitButton.click();
  // The withdrawal names the quote, so the service holds it to the quoted fee.
  expect(((await submitted).postDataJSON() as { fee_id?: string }).fee_id).toBe(quote.id);
  await expect(page.getByRole('status').filter({ hasText: 'Withdrawal created' })).toBeVisible();
  const created = await transfersUpstream(sandbox.request, refId);
  expect(created).toHaveLength(1);
  expect(created[0]!.fee).toBe(quote.fee);
});

// @exclusive (fixtures.ts): expiring the quotes expires every test's.
test('an expired quote is renewed and the withdrawal goes through with one transfer and the same ref_id @exclusive', async ({
  page,
  sandbox,
}) => {
  const withdrawal = new WithdrawalPage(page);
  const refId = await withdrawal.reviewNew(ethFromSeed(PLAIN_ETH, '0.2'));
  await expect(page.getByRole('region', { name: 'Guaranteed fee' })).toContainText('0.0004 ETH');
  // Every quote handed out so far expires now (the upstream's clock decides, not the page's).
  expect((await sandbox.request.post('/__sandbox/fee-quotes/expire')).ok()).toBe(true);

  await withdrawal.submitButton.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Fee quote expired' })).toBeVisible();
  expect(await transfersUpstream(sandbox.request, refId)).toHaveLength(0);
  await page.getByRole('button', { name: 'Get a new quote' }).click();
  await expect(page.getByRole('region', { name: 'Guaranteed fee' }).getByRole('timer')).toHaveText(
    /^for \d+:\d\d$/,
  );
  // The same withdrawal, the same ref_id.
  expect(await withdrawal.shownRefId()).toBe(refId);
  await withdrawal.submitAndSeeCreated(refId);
  expect(await transfersUpstream(sandbox.request, refId)).toHaveLength(1);
});

// @exclusive (fixtures.ts): the fault drops the next create, whoever sends it; the stats count all.
test('a withdrawal whose answer was lost is resolved by the read: one transfer, no second create @exclusive', async ({
  page,
  sandbox,
}) => {
  const withdrawal = new WithdrawalPage(page);
  const refId = await withdrawal.reviewNew({
    profileId: SEED_PROFILE,
    asset: 'USDC',
    network: 'ETHEREUM',
    address: PLAIN_ETH,
    amount: '30',
  });
  const before = await stats(sandbox);
  // The upstream commits the next create, then drops the connection without answering.
  expect(
    (await sandbox.request.post('/__sandbox/faults', { data: { dropAfterCreate: 1 } })).ok(),
  ).toBe(true);

  await withdrawal.submitAndSeeCreated(refId);

  const after = await stats(sandbox);
  expect((after.requests[CREATE] ?? 0) - (before.requests[CREATE] ?? 0)).toBe(1);
  expect(after.withdrawalsCreated - before.withdrawalsCreated).toBe(1);
  expect(after.requests[READ] ?? 0).toBeGreaterThan(before.requests[READ] ?? 0);
  expect(await transfersUpstream(sandbox.request, refId)).toHaveLength(1);
});

test('a VASP picked from the directory is saved by its id, and the saved address shows its name', async ({
  page,
}) => {
  const editor = new AddressEditorPage(page);
  const address = freshEvmAddress();
  await editor.goto();
  await editor.fillDestination({ network: 'Ethereum', address, nickname: 'Directory pick' });
  await editor.fillInstitution('Acme Payments Ltd');
  await page.getByRole('radio', { name: 'A VASP', exact: true }).check();
  const picker = page.getByRole('combobox', { name: 'Find the VASP in the directory' });
  await picker.fill('coinb');
  await page.getByRole('option', { name: 'Coinbase', exact: true }).click();
  await expect(page.getByText('Chosen:')).toContainText('Coinbase');

  const body = await editor.review();
  expect((body.travelrule_metadata as { vasp: unknown }).vasp).toEqual({ id: 'vasp-coinbase' });
  await editor.save();
  await expect(editor.savedDetail('Held at')).toContainText('Coinbase');
});

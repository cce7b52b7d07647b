import { expect, operatorApi, test as base } from './fixtures';
import { ownBffFixture, type OwnBff } from './own-bff';
import { SEED_PROFILE, WithdrawalPage } from './pages/withdrawal-page';

// The destination memo in the one gate: on Stellar the address and the memo together say who is
// credited, so a change of the book's memo waits for another address approver, the form fills in
// the approved memo, and a withdrawal with another memo is refused on the memo field. The suite's
// shared BFF holds no address change and turns the allowlist off, so this spec starts its own BFF
// with a policy that does both (and no passkey, so the second operator approves through the API).

const PORT = Number(process.env.E2E_MEMO_PORT ?? 8297);
const SANDBOX_PORT = Number(process.env.E2E_MEMO_SANDBOX_PORT ?? 4297);
const POLICY = {
  withdrawals: { require: 'never' },
  addresses: {
    new_addresses: true,
    travel_rule_changes: true,
    approvals: 1,
    cooling_off_minutes: 0,
  },
  destinations: { allowlist: true },
  request_ttl_minutes: 60,
};
const SECOND_OPERATOR = 'second-operator';
/** sandbox/seed/sample-addresses.ts stellarB: not saved at the service. */
const STELLAR_B = 'GB63EL64H3EVJTUGHBLMMFDREEUJYNA32D746YXTXB7FWYZIM6O6XU2L';
const NICKNAME = 'E2E exchange deposit';

/** The second local operator approves a request. */
async function approveAsSecond(baseURL: string, approvalId: string) {
  const approver = await operatorApi(baseURL, SECOND_OPERATOR);
  const res = await approver.post(`/api/approvals/${encodeURIComponent(approvalId)}/approve`, {
    data: {},
  });
  expect(res.status(), await res.text()).toBe(200);
  await approver.dispose();
}

const test = base.extend<object, { memoServer: OwnBff; memoBff: { url: string } }>({
  memoServer: ownBffFixture({
    name: 'destination-memo',
    port: PORT,
    sandboxPort: SANDBOX_PORT,
    env: { APPROVAL_POLICY: JSON.stringify(POLICY) },
  }),
  memoBff: [
    async ({ memoServer: bff }, use) => {
      // The exchange's deposit address in the book: saved for approval, approved by another.
      const initiator = await operatorApi(bff.url);
      const put = await initiator.put('/api/addresses', {
        data: { crypto_network: 'STELLAR', address: STELLAR_B, nickname: NICKNAME },
      });
      expect(put.status(), await put.text()).toBe(202);
      const { approval } = (await put.json()) as { approval: { id: string } };
      await initiator.dispose();
      await approveAsSecond(bff.url, approval.id);
      await use({ url: bff.url });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ memoBff }, use) => {
    await use(memoBff.url);
  },
});

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test('a memo change waits for another address approver; the memo stays until approved', async ({
  page,
  memoBff,
}) => {
  await page.goto(`/addresses/new?crypto_network=STELLAR&address=${STELLAR_B}`);
  const card = page.getByRole('region', { name: 'Memo for withdrawals' });
  await card.getByRole('textbox', { name: 'Memo' }).fill('884422');
  await card.getByRole('button', { name: 'Keep this memo' }).click();
  await expect(card.getByText('Awaiting approval')).toBeVisible();
  await expect(card).toContainText('Nothing has changed yet. This memo change needs 1 approval');
  await expect(card.getByText('Memo 884422 kept')).toHaveCount(0);

  // Another address approver approves it (the notice links to the request).
  const link = card.getByRole('link', { name: 'Open the approval request' });
  const approvalId = decodeURIComponent((await link.getAttribute('href'))!.split('/').pop()!);
  await approveAsSecond(memoBff.url, approvalId);
  // The held answer follows the decision without a reload.
  await expect(card.getByText('Approved and saved')).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Memo for withdrawals' })
      .getByRole('textbox', { name: 'Memo' }),
  ).toHaveValue('884422');
});

test('the form fills in the approved memo; another memo is refused on the memo field', async ({
  page,
}) => {
  const withdrawal = new WithdrawalPage(page);
  await withdrawal.gotoNew();
  await page.evaluate(() => sessionStorage.clear());
  await withdrawal.fillProfile(SEED_PROFILE);
  await withdrawal.fillAsset('XLM');
  const form = withdrawal.form;
  await form.getByRole('combobox', { name: 'Network', exact: true }).selectOption('STELLAR');
  await form.getByRole('combobox', { name: 'Pick a saved address' }).selectOption({
    label: `${NICKNAME} · ${STELLAR_B.slice(0, 10)}…${STELLAR_B.slice(-6)}`,
  });
  await form.getByRole('textbox', { name: 'Amount to send' }).fill('25');
  const memo = form.getByRole('textbox', { name: 'Memo' });
  await expect(memo).toHaveValue('884422');

  // Another memo: the form says so, and the gate refuses it on the memo field.
  await memo.fill('999');
  await expect(memo).toHaveAccessibleDescription(/Not the address book’s memo \(“884422”\)/);
  // The review knows the gate would refuse it: it says so and offers no Submit (issue 42 item 2).
  await withdrawal.openReview();
  await expect(page.getByText('Memo Differs: this withdrawal will be refused')).toBeVisible();
  await expect(withdrawal.submitButton).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to edit' }).click();
  await expect(page.getByText('Step 1 of 2: details')).toBeVisible();

  // The approved memo: sent.
  await memo.fill('884422');
  await withdrawal.openReview();
  await withdrawal.submitButton.click();
  await expect(page.getByRole('status').filter({ hasText: 'Withdrawal created' })).toBeVisible({
    timeout: 15_000,
  });
});

import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { startOwnBff } from './own-bff';
import { SEED_LTC_ADDRESS, SEED_PROFILE, WithdrawalPage } from './pages/withdrawal-page';

// One gate for destinations (issue 23): the demo policy's allowlist refuses a withdrawal to an
// address nobody approved and offers saving it for approval; a look-alike of the service-held
// "Treasury cold wallet" (sandbox seed, never saved through this console) warns in the withdrawal
// form and on the approval page. The suite's shared BFF turns the allowlist off, so this spec
// starts its own BFF (the compiled one the webServer built) with the local demo policy.

const PORT = Number(process.env.E2E_ONE_GATE_PORT ?? 8292);
const SANDBOX_PORT = Number(process.env.E2E_ONE_GATE_SANDBOX_PORT ?? 4292);
/** Starts and ends like the Treasury cold wallet (0x8Cf7…6Ddc) but is another address. */
const TREASURY_LOOK_ALIKE = `0x8cf7${'0'.repeat(32)}6ddc`;

const test = base.extend<object, { oneGate: { url: string; sandbox: APIRequestContext } }>({
  oneGate: [
    // Playwright reads the fixtures a fixture needs from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      // No APPROVAL_POLICY: local mode runs the demo policy, every control on.
      const bff = await startOwnBff({
        name: 'one-gate',
        port: PORT,
        sandboxPort: SANDBOX_PORT,
        workerIndex: workerInfo.workerIndex,
        env: { APPROVAL_POLICY: undefined, APPROVAL_POLICY_FILE: undefined },
      });
      try {
        const sandbox = await playwrightRequest.newContext({ baseURL: bff.sandboxUrl });
        await use({ url: bff.url, sandbox });
        await sandbox.dispose();
      } finally {
        bff.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ oneGate }, use) => {
    await use(oneGate.url);
  },
});

test.describe.configure({ timeout: 60_000 });

test('the allowlist refuses a destination nobody approved and offers saving it for approval', async ({
  page,
  oneGate,
}) => {
  const withdrawal = new WithdrawalPage(page);
  await withdrawal.gotoNew();
  await withdrawal.fill({
    profileId: SEED_PROFILE,
    asset: 'LTC',
    network: 'LITECOIN',
    address: SEED_LTC_ADDRESS,
    amount: '0.1',
  });
  const refId = await withdrawal.openReview();
  await withdrawal.submitButton.click();

  const refusal = page.getByRole('alert').filter({ hasText: 'Not an approved destination' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Withdrawals go only to approved destinations');
  await expect(refusal).toContainText('Nothing was sent');
  await expect(page.getByText('Withdrawal created')).toHaveCount(0);
  // Nothing reached the service.
  const transfers = await oneGate.sandbox.get(`/__sandbox/transfers?ref_id=${refId}`);
  expect(((await transfers.json()) as { transfers: unknown[] }).transfers).toHaveLength(0);

  // The offer: the address editor, with the network and the address filled in.
  await refusal.getByRole('link', { name: 'Save this address for approval' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Save an address' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue(
    SEED_LTC_ADDRESS,
  );
  await expect(page.getByRole('combobox', { name: 'Network', exact: true })).toHaveValue(
    'LITECOIN',
  );
});

test('a look-alike of the service-held Treasury cold wallet warns in the withdrawal form', async ({
  page,
}) => {
  const withdrawal = new WithdrawalPage(page);
  await withdrawal.gotoNew();
  await withdrawal.form
    .getByRole('combobox', { name: 'Network', exact: true })
    .selectOption('ETHEREUM');
  await withdrawal.form
    .getByRole('textbox', { name: 'Destination address' })
    .fill(TREASURY_LOOK_ALIKE);
  const warning = page.getByRole('alert').filter({ hasText: 'Look-alike address' });
  await expect(warning).toContainText('Treasury cold wallet');
  await expect(warning).toContainText('saved at the service');
});

test('the approver is told that a new address is a look-alike of the Treasury cold wallet', async ({
  page,
  oneGate,
}) => {
  // Saving a new address waits for an address approver (the demo policy).
  const api = await playwrightRequest.newContext({
    baseURL: oneGate.url,
    extraHTTPHeaders: { 'X-CSRF': '1', Origin: oneGate.url },
  });
  const held = await api.put('/api/addresses', {
    data: { crypto_network: 'ETHEREUM', address: TREASURY_LOOK_ALIKE, nickname: 'Treasury' },
  });
  expect(held.status(), await held.text()).toBe(202);
  const { approval } = (await held.json()) as { approval: { id: string } };
  await api.dispose();

  await page.goto(`/approvals/${encodeURIComponent(approval.id)}`);
  await expect(page.getByRole('heading', { name: 'Address approval', level: 1 })).toBeVisible();
  const warning = page.getByRole('alert').filter({ hasText: 'Look-alike address' });
  await expect(warning).toContainText('Treasury cold wallet');
  await expect(warning).toContainText('saved at the service');
  await expect(warning).toContainText('before you approve');
});

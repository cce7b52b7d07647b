import type { Page } from '@playwright/test';
import { expect, operatorApi, test as base, transfersUpstream } from './fixtures';
import { DEMO_POLICY_ENV, ownBffFixture, type OwnBff } from './own-bff';
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

const test = base.extend<object, { oneGate: OwnBff }>({
  oneGate: ownBffFixture({
    name: 'one-gate',
    port: PORT,
    sandboxPort: SANDBOX_PORT,
    env: DEMO_POLICY_ENV,
  }),
  baseURL: async ({ oneGate }, use) => {
    await use(oneGate.url);
  },
});

test.describe.configure({ timeout: 60_000 });

test('the allowlist refusal is said before submit, with no Submit, and the way to save the address', async ({
  page,
  oneGate,
}) => {
  const withdrawal = new WithdrawalPage(page);
  await withdrawal.startNew({
    profileId: SEED_PROFILE,
    asset: 'LTC',
    network: 'LITECOIN',
    address: SEED_LTC_ADDRESS,
    amount: '0.1',
  });
  // Issue 42 item 2: the form says it, from the gate's own check, before any submit.
  await expect(
    withdrawal.form.getByText('Not allowlisted: this withdrawal will be refused'),
  ).toBeVisible();
  await expect(
    withdrawal.form.getByRole('link', { name: 'Save it with Travel Rule data' }),
  ).toHaveCount(0);
  await shoot(page, 'form-not-allowlisted');
  const refId = await withdrawal.openReview();

  const refusal = page.getByText('Not allowlisted: this withdrawal will be refused');
  await expect(refusal).toBeVisible();
  await expect(page.getByText('Withdrawals go only to approved destinations')).toBeVisible();
  // No Submit that can only fail, and no fee quote asked for it.
  await expect(page.getByRole('button', { name: /Submit/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back to edit' })).toBeVisible();
  await shoot(page, 'review-not-allowlisted');
  // Nothing reached the service.
  expect(await transfersUpstream(page.request, refId, oneGate.sandboxUrl)).toHaveLength(0);

  // The offer: the address editor, with the network and the address filled in.
  await page.getByRole('link', { name: 'Save this address for approval' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Save an address' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue(
    SEED_LTC_ADDRESS,
  );
  await expect(page.getByRole('combobox', { name: 'Network', exact: true })).toHaveValue(
    'LITECOIN',
  );
});

/** Screenshots of the changed screens at the test's width and at 390 px (looked at by hand). */
async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width, height: 800 });
}

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
  const api = await operatorApi(oneGate.url);
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

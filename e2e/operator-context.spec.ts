import { e2eUrls } from '../playwright.config';
import { expect, test, transfersUpstream } from './fixtures';
import { ownBffFixture, type OwnBff } from './own-bff';
import { SEED_PROFILE, WithdrawalPage } from './pages/withdrawal-page';

// Operator context (issue 24): the profile chosen by nickname, the asset from its balances with
// what is available, Max, the USD value and the withdrawal limit left before anything is sent;
// and the same form without the scopes (the console-basic client): the id typed, nothing broken.

/** "Alice's Coinbase BTC": saved at the service with its Travel Rule data (sandbox/seed/seed.ts). */
const ALICE_BTC = 'bc1qrsfaa2mcfxffa59z09jeyx600m69jhphy70500';

/** Two seeded profiles no other spec draws from: Max empties one per viewport. */
const WIDTHS = [
  {
    width: 1280,
    height: 800,
    nickname: 'Rewards payouts',
    id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
    btc: '1.25',
    // The sandbox prices BTC at 60,000 USD.
    usd: '75,000.00 USD',
  },
  {
    width: 390,
    height: 844,
    nickname: 'Market making',
    id: '3e7a9c1b-2d4f-4a6b-8c0d-e1f2a3b4c5d6',
    btc: '3.5',
    usd: '210,000.00 USD',
  },
] as const;

for (const at of WIDTHS) {
  test(`at ${at.width} px: a profile by nickname, BTC available, Max, the review's USD value and limit left, submit`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: at.width, height: at.height });
    const withdrawal = new WithdrawalPage(page);
    await withdrawal.gotoNew();
    const form = withdrawal.form;

    const profile = form.getByRole('combobox', { name: 'Profile', exact: true });
    await profile.fill(at.nickname.slice(0, 5).toLowerCase());
    const option = page.getByRole('option', { name: new RegExp(`^${at.nickname}`) });
    // The id small under the nickname.
    await expect(option).toContainText(at.id);
    await option.click();
    await expect(profile).toHaveValue(at.nickname);

    const asset = form.getByRole('combobox', { name: 'Asset', exact: true });
    await asset.click();
    await page.getByRole('option', { name: `BTC ${at.btc} available` }).click();
    await expect(asset).toHaveValue('BTC');
    await expect(form).toContainText(`Available: ${at.btc} BTC`);
    await expect(form).toContainText(/balance read at \d\d:\d\d:\d\d UTC/);

    await form.getByRole('combobox', { name: 'Network', exact: true }).selectOption('BITCOIN');
    await form.getByRole('textbox', { name: 'Destination address' }).fill(ALICE_BTC);
    await form.getByRole('button', { name: 'Max: debit all BTC available' }).click();
    await expect(form.getByRole('radio', { name: /Debit exactly/ })).toBeChecked();
    await expect(form.getByRole('textbox', { name: 'Total to debit' })).toHaveValue(at.btc);
    await expect(form).toContainText(`≈ ${at.usd}`);
    const limits = form.getByRole('group', { name: 'Withdrawal limits' });
    await expect(limits).toContainText('20 BTC per transaction');
    await expect(limits).toContainText(/USD left of 1,000,000 USD per day/);
    await page.screenshot({ path: `/tmp/shots/context-form-${at.width}.png`, fullPage: true });

    const refId = await withdrawal.openReview();
    const context = page.getByRole('region', { name: 'Before you send' });
    await expect(context).toContainText(`≈ ${at.usd}`);
    await expect(context).toContainText(/Balance read at \d\d:\d\d:\d\d UTC/);
    await expect(context.getByRole('button', { name: 'Read again' })).toBeVisible();
    await expect(context.getByRole('group', { name: 'Withdrawal limits' })).toContainText(
      /USD left of 1,000,000 USD per day/,
    );
    await page.screenshot({ path: `/tmp/shots/context-review-${at.width}.png`, fullPage: true });

    await withdrawal.submitAndSeeCreated();
    // Max debits exactly what was available: the total, the fee taken out of it.
    expect(await transfersUpstream(page.request, refId, e2eUrls.sandbox)).toMatchObject([
      { total: at.btc, asset: 'BTC' },
    ]);
  });
}

/** A BFF of its own with the console-basic client (no profile or limit scope), on the same sandbox. */
const basic = test.extend<object, { basicBff: OwnBff }>({
  basicBff: ownBffFixture({
    name: 'operator-context-off',
    port: Number(process.env.E2E_CONTEXT_OFF_PORT ?? 8294),
    sandboxPort: Number(process.env.E2E_CONTEXT_OFF_SANDBOX_PORT ?? 4294),
    env: {
      UPSTREAM_BASE_URL: `${e2eUrls.sandbox}/v2`,
      UPSTREAM_TOKEN_URL: `${e2eUrls.sandbox}/oauth2/token`,
      UPSTREAM_CLIENT_ID: 'console-basic',
      UPSTREAM_CLIENT_SECRET: 'console-basic-secret',
      APPROVAL_POLICY: 'none',
      APPROVAL_POLICY_FILE: undefined,
    },
  }),
  baseURL: async ({ basicBff }, use) => {
    await use(basicBff.url);
  },
});

for (const at of WIDTHS) {
  basic(
    `at ${at.width} px without the scopes: the id typed, the reason said, the USD value still shown`,
    async ({ page }) => {
      await page.setViewportSize({ width: at.width, height: at.height });
      const withdrawal = new WithdrawalPage(page);
      await withdrawal.gotoNew();
      const form = withdrawal.form;
      await expect(form.getByRole('combobox', { name: 'Profile', exact: true })).toHaveCount(0);
      const profile = form.getByRole('textbox', { name: 'Profile id' });
      await expect(profile).toHaveAccessibleDescription(
        /not granted the scope funding:read_profile/,
      );
      await withdrawal.fill({
        profileId: SEED_PROFILE,
        asset: 'BTC',
        network: 'BITCOIN',
        address: ALICE_BTC,
        amount: '0.01',
      });
      // No balance to offer Max from, no limits to show: nothing broken, nothing made up.
      await expect(form.getByRole('button', { name: /^Max/ })).toHaveCount(0);
      await expect(form.getByRole('group', { name: 'Withdrawal limits' })).toHaveCount(0);
      await expect(form).toContainText('≈ 600.00 USD');
      await page.screenshot({
        path: `/tmp/shots/context-off-form-${at.width}.png`,
        fullPage: true,
      });

      const refId = await withdrawal.openReview();
      const context = page.getByRole('region', { name: 'Before you send' });
      await expect(context).toContainText('≈ 600.00 USD');
      await expect(context).not.toContainText('Balance read at');
      await withdrawal.submitButton.click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Withdrawal created' }),
      ).toBeVisible();
      expect(await transfersUpstream(page.request, refId, e2eUrls.sandbox)).toHaveLength(1);
    },
  );
}

import { expect, test, transfersUpstream } from './fixtures';
import { AddressEditorPage, freshEvmAddress, toEip55 } from './pages/address-editor-page';
import { SEED_PROFILE, WithdrawalPage } from './pages/withdrawal-page';

// The service's newer networks end to end, and the one address rule as an operator meets it:
// another spelling of a saved address is that address, and a look-alike warns wherever it is
// typed.

const DOGECOIN = 'D7RSnCV5E13VmRfXkU1rATz7mFa7ybSgwS';
const SUI = '0x7700bd836c3db8d0b3e773cd57af03596aae1dbd11e1127e06fd688c3b4b2906';
const unique = () => Math.random().toString(36).slice(2, 8);

test.beforeEach(async ({ page }) => {
  await page.goto('/withdrawals');
  await page.evaluate(() => sessionStorage.clear());
});

for (const [network, asset, address, amount] of [
  ['DOGECOIN', 'DOGE', DOGECOIN, '150'],
  ['SUI', 'SUI', SUI, '2.5'],
] as const) {
  test(`a ${network} withdrawal of ${asset} goes through`, async ({ page, sandbox }) => {
    const withdrawal = new WithdrawalPage(page);
    await withdrawal.gotoNew();
    await withdrawal.fill({ profileId: SEED_PROFILE, asset, network, address, amount });
    await expect(
      withdrawal.form.getByRole('textbox', { name: 'Destination address' }),
    ).toHaveAccessibleDescription(/^A valid (Dogecoin|Sui) address/);
    const refId = await withdrawal.openReview();
    await withdrawal.submitAndSeeCreated(refId);
    const transfers = await transfersUpstream(sandbox.request, refId);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ crypto_network: network, asset });
  });
}

test('the lower-case spelling of a saved EVM address previews as an update, with its diff, and is audited as updated', async ({
  page,
}) => {
  const saved = freshEvmAddress();
  const nickname = `Desk ${unique()}`;
  const put = await page.request.put('/api/addresses', {
    headers: { 'X-CSRF': '1' },
    data: { crypto_network: 'ETHEREUM', address: saved, nickname },
  });
  expect(put.ok()).toBe(true);

  const editor = new AddressEditorPage(page);
  await editor.goto();
  const lower = saved.toLowerCase();
  await editor.fillDestination({ network: 'Ethereum', address: lower, nickname: `${nickname} 2` });
  // Issue 13, item 12: the form read "(no checksum (single case))"; a separator, one pair of brackets.
  await expect(editor.address).toHaveAccessibleDescription(
    /^✓ A valid Ethereum address · no checksum \(single case\)/,
  );
  await expect(page.getByText(`Already saved as “${nickname}”`)).toBeVisible();
  await editor.review();
  await expect(page.getByText(`Will update “${nickname}”`)).toBeVisible();
  await expect(page.getByText('Will create a new saved address')).toHaveCount(0);
  const nicknameChange = page.getByRole('row', { name: /Nickname/ });
  await expect(nicknameChange).toContainText(nickname);
  await expect(nicknameChange).toContainText(`${nickname} 2`);
  const spelling = page.getByRole('row', { name: /Address as written/ });
  await expect(spelling).toContainText(saved);
  await expect(spelling).toContainText(lower);
  await editor.save();

  const book = await page.request.get(`/api/addresses?q=${lower}&crypto_network=ETHEREUM`, {
    headers: { 'X-CSRF': '1' },
  });
  expect(book.status(), await book.text()).toBe(200);
  const entries = ((await book.json()) as { addresses: { nickname?: string }[] }).addresses;
  expect(entries.map((e) => e.nickname)).toEqual([`${nickname} 2`]);
  const audit = await page.request.get('/api/audit?action=address.put&limit=500', {
    headers: { 'X-CSRF': '1' },
  });
  const events = ((await audit.json()) as { events: { target: string; outcome: string }[] }).events
    .filter((e) => e.target.toLowerCase().startsWith(`ethereum:${lower}`))
    .map((e) => e.outcome);
  // Newest first: the second save updated the entry the first one created.
  expect(events).toEqual(['updated', 'created']);
});

test('saving a look-alike of a saved address warns in the editor; afterwards both warn in the withdrawal form', async ({
  page,
}) => {
  const genuine = freshEvmAddress();
  let middle = '';
  for (let i = 0; i < 32; i++) middle += Math.floor(Math.random() * 16).toString(16);
  const lookAlike = toEip55(`${genuine.slice(2, 6)}${middle}${genuine.slice(-4)}`);
  const genuineName = `Genuine ${unique()}`;
  const lookAlikeName = `Poisoned ${unique()}`;
  const put = await page.request.put('/api/addresses', {
    headers: { 'X-CSRF': '1' },
    data: { crypto_network: 'ETHEREUM', address: genuine, nickname: genuineName },
  });
  expect(put.ok()).toBe(true);

  const editor = new AddressEditorPage(page);
  await editor.goto();
  await editor.fillDestination({
    network: 'Ethereum',
    address: lookAlike,
    nickname: lookAlikeName,
  });
  await editor.review();
  const warning = page.getByRole('alert').filter({ hasText: 'Look-alike address' });
  await expect(warning).toContainText(genuineName);
  await expect(editor.saveButton).toBeDisabled();
  await warning
    .getByRole('checkbox', { name: 'I checked every character of this address with the recipient' })
    .check();
  await expect(editor.saveButton).toBeEnabled();
  await editor.save();

  const withdrawal = new WithdrawalPage(page);
  await withdrawal.gotoNew();
  await withdrawal.form
    .getByRole('combobox', { name: 'Network', exact: true })
    .selectOption('ETHEREUM');
  const destination = withdrawal.form.getByRole('textbox', { name: 'Destination address' });
  const formWarning = page.getByRole('alert').filter({ hasText: 'Look-alike address' });
  await destination.fill(genuine);
  await expect(formWarning).toContainText(lookAlikeName);
  await destination.fill(lookAlike);
  await expect(formWarning).toContainText(genuineName);
  await expect(formWarning).not.toContainText(lookAlikeName);
});

import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

// Issue 28 item 2: import an address file (one update of an address saved at the service, one
// look-alike of the service's "Treasury cold wallet"), see the preview, apply it, export the book.
// The shared server's policy holds no address (four-eyes.spec and the BFF's tests cover a held row).

const SHOTS = process.env.ADDRESS_SHOTS_DIR ?? '/tmp/shots';
const COLUMNS =
  'network,address,identity_id,nickname,bookmark,beneficiary_kind,beneficiary_first_name,beneficiary_last_name,beneficiary_institution_name,address1,address2,city,province,zip_code,country,custody,vasp_id,vasp_custom_name,vasp_custom_website,transfer_purpose,destination_memo';
/** The seed's "Base hot wallet (no Travel Rule data)": saved at the service, not in the book. */
const BASE_HOT_WALLET = '0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318';

const hex = (length: number) =>
  Array.from({ length }, () => Math.floor(Math.random() * 16).toString(16)).join('');

for (const width of [1280, 390]) {
  test(`imports an address file with an update and a look-alike, then exports the book (${width} px)`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height: 900 });
    const nickname = `Base hot wallet ${hex(6)}`;
    // Starts and ends like the Treasury cold wallet (0x8Cf7 … 6Ddc), another middle.
    const lookAlike = `0x8cf7${hex(32)}6ddc`;
    const file = [
      COLUMNS,
      `BASE,${BASE_HOT_WALLET},,${nickname},no,,,,,,,,,,,,,,,,`,
      `ETHEREUM,${lookAlike},,Poisoned ${hex(4)},no,self,,,,,,,,,,PRIVATE,,,,,`,
    ].join('\r\n');

    await page.goto('/addresses');
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import addresses' })).toBeVisible();
    await page.getByLabel('CSV file').setInputFiles({
      name: 'addresses.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file),
    });
    await page.getByRole('button', { name: 'Check the file' }).click();

    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('status')).toContainText('2 rows: 1 new, 1 updates');
    const rows = preview.getByRole('table', { name: 'Rows of the address file' });
    const update = rows.getByRole('row').filter({ hasText: BASE_HOT_WALLET });
    await expect(update).toContainText('Update');
    await expect(update).toContainText(new RegExp(`Nickname: Base hot wallet.* → ${nickname}`));
    const poisoned = rows.getByRole('row').filter({ hasText: lookAlike });
    await expect(poisoned).toContainText('New address');
    await expect(poisoned).toContainText('Looks like');
    await expect(poisoned).toContainText('“Treasury cold wallet”');
    await expect(page.getByRole('alert').filter({ hasText: 'Look-alike addresses' })).toBeVisible();
    const save = page.getByRole('button', { name: 'Save 2 addresses' });
    await expect(save).toBeDisabled();
    await page.screenshot({
      path: `${SHOTS}/addresses-import-preview-${width}.png`,
      fullPage: true,
    });

    await page.getByLabel('I checked the look-alike addresses with their recipients').check();
    await save.click();
    await expect(page.getByText('The file is applied')).toBeVisible();
    await expect(update).toContainText('Saved (updated)');
    await expect(poisoned).toContainText('Saved (new)');
    await page.screenshot({
      path: `${SHOTS}/addresses-import-applied-${width}.png`,
      fullPage: true,
    });

    // The list: the updated address once (the book's entry), then the export in the import's columns.
    await page.getByRole('link', { name: 'Back to addresses' }).click();
    await page.getByLabel('Search').fill(nickname);
    const listed = page.getByRole('table', { name: /^Saved addresses/ }).getByRole('row');
    await expect(listed.filter({ hasText: nickname })).toHaveCount(1);
    // The search applied: the file's other row is not listed (header row and the one match).
    await expect(listed).toHaveCount(2);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const saveLink = page.getByRole('link', { name: /^Save address-book-/ });
    await expect(saveLink).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/addresses-export-${width}.png`, fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), saveLink.click()]);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe(COLUMNS);
    expect(text).toContain(`BASE,${BASE_HOT_WALLET},,${nickname},no`);
  });
}

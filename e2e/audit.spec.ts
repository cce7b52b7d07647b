import { readFile } from 'node:fs/promises';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';

interface AuditEvents {
  events: Array<{ id: string; action: string }>;
  next_cursor?: string;
}

// @exclusive (fixtures.ts): the page and the export are compared with every address save.
test('the audit trail lists write attempts, filters by action and exports them @exclusive', async ({
  page,
}) => {
  // One write of our own (an address save), so the trail has at least one event to show.
  const nickname = `Audit e2e ${Date.now()}`;
  const put = await page.request.put('/api/addresses', {
    headers: { 'X-CSRF': '1' },
    data: {
      crypto_network: 'ETHEREUM',
      address: '0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318',
      nickname,
    },
  });
  expect(put.status()).toBe(200);
  const response = await page.request.get('/api/audit?action=address.put&limit=500', {
    headers: { 'X-CSRF': '1' },
  });
  const trail = (await response.json()) as AuditEvents;
  expect(trail.events.length).toBeGreaterThan(0);
  expect(trail.next_cursor).toBeFalsy();

  await page.goto('/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  const filters = page.getByRole('form', { name: 'Audit filters' });
  await filters.getByLabel('Action').selectOption('address.put');
  await filters.getByRole('button', { name: 'Show events' }).click();
  await expect(page).toHaveURL(/action=address\.put/);
  const table = page.getByRole('table', { name: /Audit events/ });
  const rows = table.getByRole('rowgroup').nth(1).getByRole('row');
  await expect(rows).toHaveCount(Math.min(trail.events.length, 100));
  await expect(table.getByText('Withdrawal submit')).toHaveCount(0);
  // The target in words (issue 26 item 13), the stored key on hover.
  await expect(rows.first()).toContainText('Ethereum address 0x9562…b318');
  await expect(
    rows.first().getByTitle('ETHEREUM:0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318'),
  ).toBeVisible();

  // A time range that ends before the trail began shows the empty state.
  await filters.getByLabel('To (UTC)').fill('2001-01-01T00:00');
  await filters.getByRole('button', { name: 'Show events' }).click();
  await expect(page.getByRole('heading', { name: 'No events match these filters' })).toBeVisible();
  await page.goBack();
  await expect(rows.first()).toBeVisible();

  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText(`Export complete: ${trail.events.length} row`)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /^Save audit-.*\.csv$/ }).click(),
  ]);
  const lines = (await readFile((await download.path())!, 'utf8'))
    .split(/\r?\n/)
    .filter((line) => line !== '');
  expect(lines.length - 1).toBe(trail.events.length);

  expect(await seriousViolations(page)).toEqual([]);
});

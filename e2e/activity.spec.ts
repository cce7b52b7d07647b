import { expect, test } from './fixtures';
import { tablesScrollingSideways } from './table-layout';

// Issue 39: a withdrawal made straight at the service (as its dashboard, a script or a leaked
// key would) shows on Activity as made outside this console, and Reconciliation lists it as at
// the service only. The nav's count waits on the watcher's round and is tested in components.

const SHOTS = '/tmp/i39web-shots';

for (const width of [1280, 390]) {
  test(`a withdrawal made outside the console shows as such on Activity and Reconciliation (${width} px)`, async ({
    page,
    sandbox,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const made = await sandbox.request.post('/__sandbox/transfers/elsewhere', {
      data: {
        profile_id: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
        asset: 'ETH',
        crypto_network: 'ETHEREUM',
        destination_address: '0x3A8e9b7c8d340626315788B48060469dFd080775',
        amount: width === 1280 ? '0.01' : '0.02',
      },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: string };

    await page.goto('/activity?type=CRYPTO_WITHDRAWAL');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: id });
    await expect(row).toBeVisible();
    await expect(
      row.getByText("Made outside this console — skipped this console's approvals"),
    ).toBeVisible();
    // The page itself never scrolls sideways, at a phone's width either.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    const alerts = page.getByRole('list', { name: 'Unacknowledged alerts' });
    const alert = alerts.getByRole('listitem').filter({ hasText: id });
    // The watcher (every second here) finds it; reloading shows it without the page's 30 s poll.
    await expect(async () => {
      await page.reload();
      await expect(alert).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    if (width === 1280)
      await expect(page.getByRole('link', { name: /^Activity, \d+ alerts?$/ })).toBeVisible();
    await alert.getByRole('button', { name: `Acknowledge transfer ${id}` }).click();
    await expect(alert).toHaveCount(0);

    // At a desktop width every column is in sight; at a phone's width the rows stack as cards.
    if (width === 1280) expect(await tablesScrollingSideways(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/activity-${width}.png`, fullPage: true });
    await page.screenshot({ path: `/tmp/z4-activity-${width}.png`, fullPage: true });

    // Several statuses at once, kept in the URL.
    await page
      .getByRole('group', { name: 'Status' })
      .getByRole('checkbox', { name: 'PENDING' })
      .check();
    await page
      .getByRole('group', { name: 'Status' })
      .getByRole('checkbox', { name: 'COMPLETED' })
      .check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/status=PENDING&status=COMPLETED/);
    await expect(page.getByRole('row').filter({ hasText: id })).toBeVisible();

    // The row's transfer page: the service's read, saying plainly it skipped the approvals.
    await page.getByRole('link', { name: `Transfer ${id}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Transfer' })).toBeVisible();
    await expect(
      page.getByText("Made outside this console — skipped this console's approvals"),
    ).toBeVisible();
    const facts = page.getByRole('region', { name: 'At the service' });
    await expect(facts.getByText(id)).toBeVisible();
    await expect(facts.getByText('CRYPTO_WITHDRAWAL')).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    await page.screenshot({ path: `/tmp/z4-transfer-${width}.png`, fullPage: true });

    await page.goto('/reconciliation');
    await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
    const serviceOnly = page.getByRole('list', { name: 'At the service only' });
    const link = serviceOnly.getByRole('link', { name: new RegExp(id) });
    await expect(link).toBeVisible();
    await expect(
      serviceOnly
        .getByRole('listitem')
        .filter({ hasText: id })
        .getByText(/Made outside this console/),
    ).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    await page.screenshot({ path: `${SHOTS}/reconciliation-${width}.png`, fullPage: true });

    // The row leads to the transfer's own page.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/activity/${id}$`));
    await expect(page.getByRole('region', { name: 'At the service' }).getByText(id)).toBeVisible();
  });
}

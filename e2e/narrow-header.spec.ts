import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { treasuryWithdrawalBody } from './pages/withdrawal-page';

// The header at a phone's and a desktop's width. Issue 26 item 16: at 390 px the header took
// about 275 px of every page, so the operator's roles and settings went behind one button. Then at
// 390 px the navigation scrolled sideways with nothing to say so (Approvals, last, and its count
// were off the screen), and at 1280 px the roles, Acting as and Theme wrapped the header to two
// rows. Now a Menu button opens the navigation at a phone's width, with the pending count beside
// it, and the operator's button holds the roles and settings at every width.

const SHOTS = process.env.HEADER_SHOTS_DIR;

/** The dev operator holds every role: every page of the navigation, in order. */
const PAGES = [
  { label: 'Statements', path: '/statements' },
  { label: 'Addresses', path: '/addresses' },
  { label: 'Withdrawals', path: '/withdrawals' },
  { label: 'Audit', path: '/audit' },
  { label: 'Approvals', path: '/approvals' },
  { label: 'Passkeys', path: '/passkeys' },
  { label: 'Activity', path: '/activity' },
  { label: 'Reconciliation', path: '/reconciliation' },
  { label: 'Policy', path: '/policy' },
];

/** A request waiting for the local operator: held by the shared server's USDG tier, made by another. */
async function holdRequestFromSecondOperator(page: Page): Promise<void> {
  const held = await page.request.post('/api/withdrawals', {
    headers: { 'X-CSRF': '1', 'X-Dev-Operator': 'second-operator' },
    data: treasuryWithdrawalBody(randomUUID(), 'USDG', '1000000001'),
  });
  expect(held.status(), await held.text()).toBe(202);
}

/** Nothing wider than the screen: no sideways scroll of the page. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/** The element lies within the screen's width. */
async function expectOnScreen(locator: Locator, width: number): Promise<void> {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

test('at 390 px every page is one Menu away, the pending count stays in sight, nothing is wider than the screen', async ({
  page,
}) => {
  await holdRequestFromSecondOperator(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/statements');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.getByRole('button', { name: /^Menu/ });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toContainText('Statements');
  // Work waiting is seen, and reached, without opening the menu.
  const shortcut = nav.getByRole('link', {
    name: /^Approvals\W+\d+\+? waiting for your decision$/,
  });
  await expect(shortcut).toBeVisible();
  await expectOnScreen(shortcut, 390);
  expect((await page.locator('header.app-header').boundingBox())!.height).toBeLessThanOrEqual(80);
  await expectNoSidewaysScroll(page);
  if (SHOTS) await page.locator('header').screenshot({ path: `${SHOTS}/header-390-closed.png` });

  for (const [index, { label, path }] of PAGES.entries()) {
    // The keyboard and the finger both open it.
    if (index % 2 === 0) await menu.click();
    else {
      await menu.focus();
      await page.keyboard.press('Enter');
    }
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const list = nav.getByRole('list');
    await expect(list.getByRole('link')).toHaveCount(PAGES.length);
    const link = list.getByRole('link', { name: new RegExp(`^${label}\\b`) });
    await expect(link).toBeVisible();
    await expectOnScreen(link, 390);
    if (index === 0 && SHOTS)
      await page.screenshot({
        path: `${SHOTS}/header-390-menu-open.png`,
        clip: { x: 0, y: 0, width: 390, height: 480 },
      });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toContainText(label);
    await expectNoSidewaysScroll(page);
    // The page is marked current in the list; Escape closes it and gives focus back to Menu.
    await menu.click();
    await expect(list.getByRole('link', { name: new RegExp(`^${label}\\b`) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
  }

  // The count's link goes to Approvals.
  await page.goto('/statements');
  await shortcut.click();
  await expect(page).toHaveURL(/\/approvals$/);
});

test('at 390 px the roles and settings are a keyboard away behind the operator button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/statements');
  const toggle = page.getByRole('button', { name: /Local operator/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: /^Theme:/ })).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('group', { name: 'Signed in operator' });
  await expect(panel.getByRole('list', { name: 'Roles' })).toContainText('Withdrawal initiator');
  await expect(page.getByRole('combobox', { name: 'Acting as' })).toBeVisible();
  // Tab walks through what the panel holds (Acting as) to Theme.
  const panelId = await toggle.getAttribute('aria-controls');
  const theme = page.getByRole('button', { name: /^Theme:/ });
  for (let step = 0; step < 6; step++) {
    await page.keyboard.press('Tab');
    const inPanel = await page.evaluate(
      (id) => Boolean(document.activeElement?.closest(`[id="${id}"]`)),
      panelId,
    );
    expect(inPanel, 'focus stays in the open panel').toBe(true);
    if (await theme.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(theme).toBeFocused();
  await expectNoSidewaysScroll(page);
  if (SHOTS)
    await page.screenshot({
      path: `${SHOTS}/header-390-operator-open.png`,
      clip: { x: 0, y: 0, width: 390, height: 360 },
    });
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await expect(theme).toBeHidden();
});

test('at 1280 px the header is one row: every page on one line beside the brand and the operator', async ({
  page,
}) => {
  await page.goto('/withdrawals');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: /^Menu/ })).toBeHidden();
  const links = nav.getByRole('list').getByRole('link');
  await expect(links).toHaveCount(PAGES.length);
  await expect(links.filter({ hasText: 'Withdrawals' })).toHaveAttribute('aria-current', 'page');
  const tops = await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().top));
  expect(new Set(tops).size, `the links' top offsets ${tops.join(', ')}`).toBe(1);
  const toggle = page.getByRole('button', { name: /Local operator/ });
  await expect(toggle).toBeVisible();
  const row = (await links.first().boundingBox())!;
  const operator = (await toggle.boundingBox())!;
  const brand = (await page.getByRole('link', { name: 'Asset Ops Console' }).boundingBox())!;
  for (const box of [operator, brand]) {
    // Each is centred on the links' row (same line, whatever their own heights).
    expect(Math.abs(box.y + box.height / 2 - (row.y + row.height / 2))).toBeLessThanOrEqual(4);
  }
  expect((await page.locator('header.app-header').boundingBox())!.height).toBeLessThanOrEqual(60);
  await expectNoSidewaysScroll(page);
  if (SHOTS) await page.locator('header').screenshot({ path: `${SHOTS}/header-1280.png` });

  // The roles and settings open over the page from the operator's button; Escape closes them.
  await expect(page.getByRole('button', { name: /^Theme:/ })).toBeHidden();
  await toggle.click();
  await expect(page.getByRole('list', { name: 'Roles' })).toContainText('Withdrawal approver');
  await expect(page.getByRole('button', { name: /^Theme:/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the open menus pass axe in the ${colorScheme} theme`, async ({ page }) => {
    // The page sweep (a11y-sweep.spec.ts) sees them closed.
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/withdrawals');
      const toggles = [
        page.getByRole('button', { name: /Local operator/ }),
        ...(width < 720 ? [page.getByRole('button', { name: /^Menu/ })] : []),
      ];
      for (const toggle of toggles) {
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        const serious = await seriousViolations(page, { include: 'header' });
        expect(serious, `${width} px, ${await toggle.textContent()} open`).toEqual([]);
        await page.keyboard.press('Escape');
      }
    }
  });
}

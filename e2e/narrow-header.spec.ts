import { expect, test } from './fixtures';

// Issue 26 item 16: at 390 px the header (operator, five role chips, Acting as, Theme) took about
// 275 px of every page. At a phone's width the operator's roles and settings sit behind one
// disclosure button; the navigation stays on screen.

const SHOTS = process.env.HEADER_SHOTS_DIR;

test('at 390 px the header is one brand row and one navigation row; the rest is a keyboard away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/statements');
  const header = page.locator('header.app-header');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const height = (await header.boundingBox())!.height;
  expect(height, 'header height at 390 px').toBeLessThanOrEqual(80);
  if (SHOTS) await header.screenshot({ path: `${SHOTS}/delivery-header-390-closed.png` });

  const toggle = page.getByRole('button', { name: /Local operator/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: /^Theme:/ })).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('group', { name: 'Signed in operator' });
  await expect(panel).toContainText('Withdrawal initiator');
  await expect(page.getByRole('combobox', { name: 'Acting as' })).toBeVisible();
  // Tab walks through what the panel holds (a Passkeys link for approvers, Acting as) to Theme.
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
  if (SHOTS)
    await page.screenshot({
      path: `${SHOTS}/delivery-header-390-open.png`,
      clip: { x: 0, y: 0, width: 390, height: 320 },
    });
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await expect(page.getByRole('button', { name: /^Theme:/ })).toBeHidden();
});

test('at 1280 px the operator, roles and settings stay in the header, no disclosure', async ({
  page,
}) => {
  await page.goto('/statements');
  const group = page.getByRole('group', { name: 'Signed in operator' });
  await expect(group).toContainText('Withdrawal initiator');
  await expect(page.getByRole('button', { name: /^Theme:/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Local operator/ })).toBeHidden();
  if (SHOTS)
    await page
      .locator('header.app-header')
      .screenshot({ path: `${SHOTS}/delivery-header-1280.png` });
});

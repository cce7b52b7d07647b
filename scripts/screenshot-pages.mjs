// The screenshot scripts' one way to shoot a page: Debian's chromium like the e2e suite, desktop
// 1280x800 and phone 390x844 (full page), once the page's heading is there and the network idle,
// into docs/screenshots/<name>-<desktop|phone>.png.
import { chromium } from '@playwright/test';

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
];

/**
 * Shoots each `[name, path, operator?]` of a running console at `base` at both sizes; `operator`
 * opens the page as another local operator (dev mode's X-Dev-Operator).
 */
export async function shootPages(base, pages) {
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-gpu',
    ],
  });
  try {
    for (const [vpName, viewport] of VIEWPORTS) {
      for (const [name, path, operator] of pages) {
        const context = await browser.newContext({
          viewport,
          ...(operator ? { extraHTTPHeaders: { 'X-Dev-Operator': operator } } : {}),
        });
        const page = await context.newPage();
        await page.goto(base + path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const file = `docs/screenshots/${name}-${vpName}.png`;
        await page.screenshot({ path: file, fullPage: vpName === 'phone' });
        console.log(file);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

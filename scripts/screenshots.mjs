// Takes the README's and the review's screenshots from a running console:
//   npm start   (in one terminal), then   node scripts/screenshots.mjs [http://localhost:8080]
// Desktop 1280x800 and phone 390x844, into docs/screenshots/. Uses Debian's chromium like the e2e suite.
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:8080';
const customer = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';
const pages = [
  ['statements', `/statements?customer_id=${customer}`],
  ['addresses', '/addresses'],
  ['address-editor', '/addresses/new'],
  ['withdrawals', '/withdrawals'],
  ['withdrawal-new', '/withdrawals/new'],
  ['audit', '/audit'],
];
const viewports = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
];

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
  for (const [vpName, viewport] of viewports) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    for (const [name, path] of pages) {
      await page.goto(base + path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const file = `docs/screenshots/${name}-${vpName}.png`;
      await page.screenshot({ path: file, fullPage: vpName === 'phone' });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}

import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';

// Issue 41: no page may break its own Content-Security-Policy (zod 4 probed `new Function("")`
// on its first parse, refused by `script-src 'self'`: one violation per page load). The route list
// is read from the router's sources, so a new feature's routes are visited without editing this.

const CUSTOMER = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';
const WEB_SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'src');

/** Every `path: '…'` declared by the app's router and the features' routes files. */
function routePaths(): string[] {
  const featuresDir = join(WEB_SRC, 'features');
  const files = [join(WEB_SRC, 'app', 'router.tsx')];
  for (const feature of readdirSync(featuresDir)) {
    const routes = join(featuresDir, feature, 'routes.tsx');
    try {
      readFileSync(routes);
      files.push(routes);
    } catch {
      // A feature without pages of its own.
    }
  }
  const paths = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/path:\s*'([^']+)'/g)].map((m) => m[1]!),
  );
  return paths.map((path) =>
    path === '*' ? '/no-such-page' : '/' + path.replace(/:[A-Za-z]+/g, () => randomUUID()),
  );
}

test('the route list is read from the router (every feature, the index and the catch-all)', () => {
  const paths = routePaths();
  expect(paths).toContain('/statements');
  expect(paths).toContain('/withdrawals/new');
  expect(paths).toContain('/no-such-page');
  expect(paths.length).toBeGreaterThanOrEqual(15);
});

test('no page breaks the Content-Security-Policy', async ({ page }) => {
  test.setTimeout(90_000);
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleReports.push(message.text());
  });
  // Registered before any of the page's scripts run, so the very first parse is seen.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  const paths = ['/', `/statements?customer_id=${CUSTOMER}&limit=25`, ...routePaths()];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations, `${path}: securitypolicyviolation events`).toEqual([]);
    expect(consoleReports, `${path}: CSP reports in the console`).toEqual([]);
  }
});

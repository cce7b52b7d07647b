import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// No page breaks its own Content-Security-Policy (issue 41 item 2). zod 4 probes
// `new Function("")` before compiling its parsers and `script-src 'self'` refuses it: every page
// that parsed an answer logged a violation. This visits every route of the SPA and fails on one.

const CUSTOMER = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';
/** A made-up id for routes with a parameter: the page still renders (its "not found" state). */
const MADE_UP_ID = '00000000-0000-4000-8000-00000000dead';

const FEATURES_DIR = fileURLToPath(new URL('../web/src/features', import.meta.url));
const ROUTER_FILE = fileURLToPath(new URL('../web/src/app/router.tsx', import.meta.url));

/**
 * The SPA's routes, read from the route table itself: the feature route tables the router
 * imports, and the `path:` entries of each. A new route (or a new feature's table) is visited here
 * without anyone editing this spec. The test cannot import the table (it is JSX holding lazy
 * pages and their CSS), so it reads the files.
 */
function routePaths(): string[] {
  const router = readFileSync(ROUTER_FILE, 'utf8');
  const routeFiles = [...router.matchAll(/from '\.\.\/features\/([\w-]+)\/routes'/g)].map((match) =>
    join(FEATURES_DIR, match[1]!, 'routes.tsx'),
  );
  expect(routeFiles.length, 'the router imports the feature route tables').toBeGreaterThan(5);
  const paths = routeFiles.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/path: '([^']+)'/g)].map((match) => match[1]!),
  );
  expect(paths.length).toBeGreaterThan(10);
  return paths;
}

/** The URL to open for a route: parameters filled, the statements page with the demo customer. */
function urlsOf(path: string): string[] {
  const filled = `/${path.replace(/:\w+/g, MADE_UP_ID)}`;
  if (path === 'statements') return [filled, `${filled}?customer_id=${CUSTOMER}&limit=25`];
  return [filled];
}

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Records every violation the page reports, from before its first script runs. */
async function listenForViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { __cspViolations: unknown[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  const consoleReports: Violation[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      consoleReports.push({ directive: 'console', blocked: '', sample: message.text() });
    }
  });
  return async () => [
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations: Violation[] }).__cspViolations,
    )),
    ...consoleReports.splice(0),
  ];
}

test('no page of the SPA breaks the Content-Security-Policy', async ({ page }) => {
  // Every route loaded in turn: on two cores shared with the other worker, over the default 30 s.
  test.slow();
  const violationsSoFar = await listenForViolations(page);
  const urls = ['/', ...routePaths().flatMap(urlsOf), '/no-such-page'];
  const found: string[] = [];
  for (const url of urls) {
    const answer = await page.goto(url);
    expect(answer?.headers()['content-security-policy'], url).toContain("script-src 'self'");
    // The page itself rendered (its heading), so its code and its first answers were parsed.
    await expect(page.getByRole('heading', { level: 1 }).first(), url).toBeVisible();
    await expect(page.getByText('Signing in')).toHaveCount(0);
    for (const violation of await violationsSoFar()) {
      found.push(`${url}: ${violation.directive} ${violation.blocked} ${violation.sample}`);
    }
  }
  expect(found).toEqual([]);
});

import { expect, test } from './fixtures';

// What the browser receives on a first open (issue 27 item 1, issue 26 item 18): the compressed
// assets the BFF negotiates, and each stylesheet fetched once.

const STATEMENTS = '/statements?customer_id=cdcbff8e-cf51-4536-ba6f-92ef6846e48a&limit=25';

test('the route stylesheet is fetched once: its preload is usable by the stylesheet link', async ({
  page,
}) => {
  // Vite's loader asks for the route's CSS with crossorigin (CORS mode); a preload without the
  // attribute is a no-cors fetch the browser cannot reuse, so the file travelled twice.
  const css: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.css')) css.push(request.url());
  });
  await page.goto(STATEMENTS);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await page.waitForLoadState('load');
  const preloads = await page
    .locator('head link[rel="preload"][as="style"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(preloads.length, 'the statements page preloads its stylesheet').toBeGreaterThan(0);
  for (const href of preloads)
    expect(
      css.filter((url) => url === href),
      href,
    ).toHaveLength(1);
  expect(css.length, `requested: ${css.join(', ')}`).toBe(new Set(css).size);
});

test('scripts and styles arrive compressed, cached for a year; the page is revalidated', async ({
  page,
}) => {
  const assets: Array<{
    url: string;
    encoding?: string;
    cache?: string;
    vary?: string;
    length: number;
  }> = [];
  let documentCache: string | undefined;
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/assets/') && /\.(js|css)$/.test(url.pathname)) {
      const headers = await response.allHeaders();
      assets.push({
        url: url.pathname,
        encoding: headers['content-encoding'],
        cache: headers['cache-control'],
        vary: headers.vary,
        length: Number(headers['content-length']),
      });
    } else if (response.request().resourceType() === 'document') {
      documentCache = (await response.allHeaders())['cache-control'];
    }
  });
  await page.goto(STATEMENTS);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await page.waitForLoadState('load');
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    // A copy that saves nothing is not built (a 99-byte chunk): those few go as they are.
    if (asset.length > 200) expect(asset.encoding, asset.url).toMatch(/^(br|gzip)$/);
    expect(asset.vary, asset.url).toMatch(/accept-encoding/i);
    expect(asset.cache, asset.url).toBe('public, max-age=31536000, immutable');
  }
  expect(documentCache).toBe('no-cache');
});

test("an approver's navigation counts the pending requests without the approvals schemas", async ({
  page,
}) => {
  // The count is in every page's navigation. It read the requests with the whole approvals
  // contract (the chunk approvals-common: the withdrawal and address schemas with the address
  // checksums, about 15 KB brotli), which the statements page's first open then downloaded for it
  // alone; it reads their decision facts only (contract/approval-core.ts), from the entry.
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) scripts.push(path);
  });
  const pendingRead = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/approvals',
  );
  await page.goto(STATEMENTS);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  expect((await pendingRead).ok(), 'the pending count read its requests').toBe(true);
  expect(
    scripts.filter((path) => path.includes('approvals-common')),
    scripts.join(', '),
  ).toEqual([]);
});

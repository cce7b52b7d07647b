import { mkdirSync } from 'node:fs';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { e2eUrls } from '../playwright.config';
import { holdExclusive, holdShared } from './upstream-lock';

/** The local upstream's loopback control routes (faults, created transfers), for assertions. */
export interface SandboxControl {
  request: APIRequestContext;
  url: string;
}

export const test = base.extend<{ sandbox: SandboxControl; upstreamLock: void }>({
  // The workers share one local upstream (and BFF). A test that flips one of its global switches
  // (a fault, expiring every fee quote) or counts what every test does (all transfers, all audit
  // events) is tagged @exclusive (in its title) and runs alone; the rest run side by side.
  upstreamLock: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      // The wait for the other worker is not this test's time: no timeout while waiting, then the
      // test's own on top of the wait.
      const timeout = testInfo.timeout;
      const asked = Date.now();
      testInfo.setTimeout(0);
      const release = testInfo.tags.includes('@exclusive')
        ? await holdExclusive()
        : await holdShared();
      testInfo.setTimeout(timeout === 0 ? 0 : timeout + (Date.now() - asked));
      try {
        await use();
      } finally {
        await release();
      }
    },
    { auto: true },
  ],
  sandbox: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ baseURL: e2eUrls.sandbox });
    await use({ request, url: e2eUrls.sandbox });
    // Faults never leak from one test into the next.
    await request.delete('/__sandbox/faults');
    await request.dispose();
  },
});

/** A transfer as the local upstream's control route lists it: the members the specs read. */
export interface UpstreamTransfer {
  id: string;
  ref_id: string;
  fee: string;
  total: string;
  asset: string;
  metadata?: Record<string, string>;
  [member: string]: unknown;
}

/**
 * The transfers the local upstream holds for a ref_id, from its loopback control route: through a
 * request context whose base URL is that upstream, or one given as `upstream`.
 */
export async function transfersUpstream(
  request: APIRequestContext,
  refId: string,
  upstream = '',
): Promise<UpstreamTransfer[]> {
  const response = await request.get(`${upstream}/__sandbox/transfers?ref_id=${refId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { transfers: UpstreamTransfer[] }).transfers;
}

/**
 * Full-page screenshots of the page at 1280x800 and 390x844, as `<dir>/<name>-<width>.png`, for
 * looking at by hand (nothing compares them); the page is left at 1280x800.
 */
export async function shootBothWidths(page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * A platform authenticator for this page, as a passkey user's device (Chromium's DevTools WebAuthn
 * domain: CTAP2, internal, resident keys), user verified.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * The JSON API as a local operator: the dev identity, or another one through X-Dev-Operator (dev
 * mode only), with the headers the BFF's CSRF check asks of a write.
 */
export function operatorApi(baseURL: string, operator?: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: {
      'X-CSRF': '1',
      Origin: baseURL,
      ...(operator ? { 'X-Dev-Operator': operator } : {}),
    },
  });
}

export { expect };

import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
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

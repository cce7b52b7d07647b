import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { e2eUrls } from '../playwright.config';

/** The local upstream's loopback control routes (faults, created transfers), for assertions. */
export interface SandboxControl {
  request: APIRequestContext;
  url: string;
}

export const test = base.extend<{ sandbox: SandboxControl }>({
  sandbox: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ baseURL: e2eUrls.sandbox });
    await use({ request, url: e2eUrls.sandbox });
    // Faults never leak from one test into the next.
    await request.delete('/__sandbox/faults');
    await request.dispose();
  },
});

export { expect };

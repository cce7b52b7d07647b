import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { addVirtualAuthenticator, expect, test as base, shootBothWidths } from './fixtures';
import { startOwnBff } from './own-bff';
import {
  SEED_LTC_ADDRESS,
  SEED_PROFILE,
  WithdrawalPage,
  treasuryWithdrawalBody,
} from './pages/withdrawal-page';
import { startTestProvider, type TestProvider } from '../bff/test-support/oidc-test-provider';
import { ROLES } from '../contract/session';

// Issue 40: AUTH_MODE=oidc with a real provider (node-oidc-provider, started in this process) and
// a BFF of this spec's own. Two people sign in through the provider's login form, one asks and
// the other approves with a passkey (DevTools virtual authenticator); one signs out at the
// provider and the console notices (back-channel logout); the other signs out from the console.

const PORT = Number(process.env.E2E_OIDC_PORT ?? 8340);
const SANDBOX_PORT = Number(process.env.E2E_OIDC_SANDBOX_PORT ?? 4340);
const ORIGIN = `http://localhost:${PORT}`;
const SHOTS = process.env.OIDC_SHOTS_DIR ?? '/tmp/shots';
const ALL_ROLES_TO_OPS = ROLES.map((role) => `${role}=ops`).join(';');

async function shoot(page: Page, name: string): Promise<void> {
  await shootBothWidths(page, SHOTS, `oidc-${name}`);
}

/** From the console's "Signed out" page through the provider's login form, back to `path`. */
async function signIn(page: Page, path: string, login: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible();
  await page.getByLabel('Username').fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${ORIGIN}${path}`);
}

const test = base.extend<object, { oidc: { provider: TestProvider } }>({
  oidc: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const provider = await startTestProvider({
        ana: { email: 'ana@corp.test', name: 'Ana Initiator', groups: ['ops'] },
        ben: { email: 'ben@corp.test', name: 'Ben Approver', groups: ['ops'] },
      });
      provider.registerClient({
        clientId: 'console',
        clientSecret: 'e2e-console-secret',
        redirectUri: `${ORIGIN}/auth/callback`,
        postLogoutRedirectUri: `${ORIGIN}/`,
        backchannelLogoutUri: `http://127.0.0.1:${PORT}/auth/backchannel-logout`,
      });
      // No APPROVAL_POLICY: local mode runs the demo policy (passkey-signed approvals).
      const bff = await startOwnBff({
        name: 'oidc',
        port: PORT,
        sandboxPort: SANDBOX_PORT,
        workerIndex: workerInfo.workerIndex,
        env: {
          APPROVAL_POLICY: undefined,
          APPROVAL_POLICY_FILE: undefined,
          AUTH_MODE: 'oidc',
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: 'console',
          OIDC_CLIENT_SECRET: 'e2e-console-secret',
          PUBLIC_ORIGIN: ORIGIN,
          ROLE_GROUPS: ALL_ROLES_TO_OPS,
        },
      });
      try {
        await use({ provider });
      } finally {
        await bff.stop();
        await provider.close();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ oidc: _ }, use) => {
    await use(ORIGIN);
  },
});

test.describe.configure({ timeout: 120_000 });

async function person(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: ORIGIN, viewport: { width: 1280, height: 800 } });
}

test('two people sign in at the provider, four eyes with a passkey, sign-out at the provider is noticed', async ({
  browser,
  oidc,
}) => {
  // Ana signs in and asks for 30 ETH: held for one approval.
  const anaContext = await person(browser);
  const ana = await anaContext.newPage();
  await signIn(ana, '/withdrawals?view=all', 'ana');
  const anaMenu = ana.getByRole('button', { name: /^Ana Initiator\b/ });
  await expect(anaMenu).toBeVisible();
  const refId = randomUUID();
  const held = await ana.request.post('/api/withdrawals', {
    headers: { 'X-CSRF': '1', Origin: ORIGIN },
    data: treasuryWithdrawalBody(refId, 'ETH', '30'),
  });
  expect(held.status(), await held.text()).toBe(202);
  const { approval } = (await held.json()) as { approval: { id: string } };

  // Ben signs in where the request is, enrols a passkey and approves.
  const benContext = await person(browser);
  const ben = await benContext.newPage();
  await addVirtualAuthenticator(ben);
  await signIn(ben, '/passkeys', 'ben');
  await ben.getByLabel('Key name').fill('Ben key');
  await ben.getByRole('button', { name: 'Enrol a passkey' }).click();
  await expect(ben.getByRole('status').filter({ hasText: 'Passkey enrolled' })).toBeVisible();
  await ben.goto(`/approvals/${approval.id}`);
  const decision = ben.getByRole('region', { name: 'Decision' });
  await decision.getByRole('button', { name: 'Approve' }).click();
  await expect(ben.getByRole('status').filter({ hasText: 'Approved and sent' })).toBeVisible();
  await expect(ben.getByText('Ben Approver').first()).toBeVisible();

  // Ben signs out at the provider, in another tab; the console's tab notices on its next read.
  const providerTab = await benContext.newPage();
  await providerTab.goto(`${oidc.provider.issuer}/session/end`);
  await providerTab.getByRole('button', { name: 'Yes, sign me out' }).click();
  await providerTab.waitForURL(/\/session\/end\/success/);
  await ben.getByRole('link', { name: 'Audit' }).first().click();
  await expect(ben.getByRole('heading', { name: 'Signed out' })).toBeVisible();
  await expect(ben.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/auth/login?return_to=%2Faudit',
  );
  await shoot(ben, 'signed-out');

  // Ana signs out from the console's operator menu: through the provider, back to a signed-out console.
  await anaMenu.click();
  await shoot(ana, 'operator-menu');
  await ana.getByRole('button', { name: 'Sign out' }).click();
  await ana.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(ana).toHaveURL(new RegExp(`^${ORIGIN}/`));
  await expect(ana.getByRole('heading', { name: 'Signed out' })).toBeVisible();
  await anaContext.close();
  await benContext.close();
});

test('a withdrawal being prepared is still there after signing in again', async ({ browser }) => {
  const context = await person(browser);
  const page = await context.newPage();
  await signIn(page, '/withdrawals/new', 'ana');
  const withdrawal = new WithdrawalPage(page);
  await withdrawal.fill({
    profileId: SEED_PROFILE,
    asset: 'LTC',
    network: 'LITECOIN',
    address: SEED_LTC_ADDRESS,
    amount: '0.25',
  });
  // The console's session ends (as at its idle timeout); the provider's goes on.
  await context.clearCookies({ name: '__Host-aoc_session' });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  // Still signed in at the provider: straight back, no form.
  await expect(page).toHaveURL(`${ORIGIN}/withdrawals/new`);
  await expect(withdrawal.form.getByRole('textbox', { name: 'Amount to send' })).toHaveValue(
    '0.25',
  );
  await expect(withdrawal.form.getByRole('textbox', { name: 'Destination address' })).toHaveValue(
    SEED_LTC_ADDRESS,
  );
  await context.close();
});

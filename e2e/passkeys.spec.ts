import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import {
  addVirtualAuthenticator,
  expect,
  operatorApi,
  test as base,
  shootBothWidths,
} from './fixtures';
import { DEMO_POLICY_ENV, ownBffFixture, type OwnBff } from './own-bff';
import { treasuryWithdrawalBody } from './pages/withdrawal-page';

// Issue 29: approvals signed by the approver's own passkey, in Chromium with the DevTools virtual
// authenticator (CTAP2, internal, resident keys, user verification). This spec starts its own BFF
// with the local demo policy, which requires a passkey for every decision, and opens it at
// http://localhost (browsers take no IP address as a WebAuthn RP id).

const PORT = Number(process.env.E2E_PASSKEYS_PORT ?? 8295);
const SANDBOX_PORT = Number(process.env.E2E_PASSKEYS_SANDBOX_PORT ?? 4295);
const ORIGIN = `http://localhost:${PORT}`;
const SHOTS = process.env.PASSKEY_SHOTS_DIR ?? '/tmp/shots';
const KEY_NAME = 'E2E virtual key';

/** 30 ETH to the treasury wallet: held by the demo policy for one approval. */
async function holdWithdrawal(): Promise<{ approvalId: string; refId: string }> {
  const initiator = await operatorApi(ORIGIN);
  const refId = randomUUID();
  const held = await initiator.post('/api/withdrawals', {
    data: treasuryWithdrawalBody(refId, 'ETH', '30'),
  });
  expect(held.status(), await held.text()).toBe(202);
  const { approval } = (await held.json()) as { approval: { id: string } };
  await initiator.dispose();
  return { approvalId: approval.id, refId };
}

async function shoot(page: Page, name: string): Promise<void> {
  await shootBothWidths(page, SHOTS, `passkeys-${name}`);
}

const test = base.extend<object, { passkeyBff: OwnBff; operatorContexts: BrowserContext[] }>({
  // The demo policy: approvals_require_passkey on.
  passkeyBff: ownBffFixture({
    name: 'passkeys',
    port: PORT,
    sandboxPort: SANDBOX_PORT,
    env: DEMO_POLICY_ENV,
  }),
  operatorContexts: [
    async ({ browser, passkeyBff: _ }, use) => {
      // The second and third local operators, each in a browser context of its own.
      const contexts = await Promise.all(
        ['second-operator', 'third-operator'].map((operator) =>
          browser.newContext({
            baseURL: ORIGIN,
            viewport: { width: 1280, height: 800 },
            extraHTTPHeaders: { 'X-Dev-Operator': operator },
          }),
        ),
      );
      await use(contexts);
      await Promise.all(contexts.map((context) => context.close()));
    },
    { scope: 'worker' },
  ],
  // At localhost, not the BFF's 127.0.0.1: browsers take no IP address as a WebAuthn RP id.
  baseURL: async ({ passkeyBff: _ }, use) => {
    await use(ORIGIN);
  },
});

test.describe.configure({ timeout: 90_000 });

test('an approver enrols a passkey and approves as the second operator: the vote says which key signed it', async ({
  operatorContexts,
}) => {
  const { approvalId, refId } = await holdWithdrawal();
  const page = await operatorContexts[0]!.newPage();
  await addVirtualAuthenticator(page);

  // Enrol: the header links to the passkeys page; one click with the offered name, or a new one.
  await page.goto('/approvals');
  await page.getByRole('link', { name: 'Passkeys' }).first().click();
  await expect(page.getByRole('heading', { name: 'Passkeys', level: 1 })).toBeVisible();
  await page.getByLabel('Key name').fill(KEY_NAME);
  await page.getByRole('button', { name: 'Enrol a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey enrolled' })).toBeVisible();
  const keys = page.getByRole('region', { name: 'Your passkeys' });
  await expect(keys.getByRole('cell', { name: KEY_NAME })).toBeVisible();
  expect(await seriousViolations(page, { headingOrder: true }), 'the passkeys page').toEqual([]);
  await shoot(page, 'enrol');

  // Approve: the passkey signs exactly this approval before the BFF counts it.
  await page.goto(`/approvals/${approvalId}`);
  const decision = page.getByRole('region', { name: 'Decision' });
  await expect(decision.getByText(`ask your passkey (${KEY_NAME})`)).toBeVisible();
  await decision.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Approved and sent' })).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(`signed with ${KEY_NAME}`)).toBeVisible();
  expect(await seriousViolations(page, { headingOrder: true }), 'the signed decision').toEqual([]);
  await shoot(page, 'signed-vote');

  // The ledger shows the same, and the stored assertion verifies again.
  await page.goto(`/withdrawals/${refId}`);
  await expect(page.getByText(`signed with ${KEY_NAME}`)).toBeVisible();
  const reader = await operatorApi(ORIGIN);
  const signatures = await reader.get(`/api/approvals/${approvalId}/signatures`);
  expect(await signatures.json()).toMatchObject({
    signatures: [{ decision: 'approve', key_name: KEY_NAME, verified: true }],
  });
  await reader.dispose();
  await page.close();
});

test('an approver without a passkey is offered to enrol (not Approve), and an approval without one is refused', async ({
  operatorContexts,
}) => {
  const { approvalId } = await holdWithdrawal();
  const page = await operatorContexts[1]!.newPage();
  await page.goto(`/approvals/${approvalId}`);
  const decision = page.getByRole('region', { name: 'Decision' });
  await expect(decision.getByText('Enrol a passkey to decide')).toBeVisible();
  // The way forward is the action: no Approve or Reject that can only be refused (issue 42, item 4).
  await expect(decision.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(decision.getByRole('button', { name: /^Reject/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Request' })).toContainText('0 of 1');
  await shoot(page, 'enrol-first');
  await decision.getByRole('link', { name: 'Enrol a passkey' }).click();
  await expect(page).toHaveURL(new RegExp(`/passkeys\\?back=%2Fapprovals%2F${approvalId}$`));
  await expect(page.getByRole('heading', { name: 'Passkeys', level: 1 })).toBeVisible();

  // The BFF's answer names the rule; nothing was counted.
  const third = await operatorApi(ORIGIN, 'third-operator');
  const direct = await third.post(`/api/approvals/${approvalId}/approve`, { data: {} });
  expect(direct.status()).toBe(403);
  expect(await direct.json()).toMatchObject({ rule: 'passkey-required' });
  const after = await third.get(`/api/approvals/${approvalId}`);
  expect(((await after.json()) as { approvals: unknown[] }).approvals).toEqual([]);
  await third.dispose();

  // Recovery: a passkey admin (every local operator is one) revokes another operator's key.
  await page.goto('/passkeys');
  const others = page.getByRole('region', { name: "Another operator's passkeys" });
  await others.getByLabel('Operator (e-mail or user id)').fill('operator2@localhost');
  await others.getByRole('button', { name: 'Show their passkeys' }).click();
  await others.getByRole('button', { name: `Revoke ${KEY_NAME}` }).click();
  await others.getByRole('button', { name: 'Yes, revoke it' }).click();
  await expect(others.getByText('operator2@localhost has no passkey.')).toBeVisible();
  expect(
    await seriousViolations(page, { headingOrder: true }),
    'the passkeys page of an admin',
  ).toEqual([]);
  await page.close();
});

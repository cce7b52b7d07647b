import { randomUUID } from 'node:crypto';
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, operatorApi, test as base, transfersUpstream } from './fixtures';
import { ownBffFixture, type OwnBff } from './own-bff';
import { AddressEditorPage, freshEvmAddress } from './pages/address-editor-page';
import {
  ltcWithdrawalBody,
  SEED_LTC_ADDRESS,
  SEED_PROFILE,
  WithdrawalPage,
} from './pages/withdrawal-page';

// Four eyes with two operators in two browser contexts. The suite's shared BFF runs with a policy
// that holds nothing the other specs do, so this spec starts its own BFF (the compiled one the
// webServer built) with the full policy: an LTC tier, held new addresses, and requests that
// expire after one minute (the shortest the policy allows) for the expiry story.

const PORT = Number(process.env.E2E_FOUR_EYES_PORT ?? 8291);
const SANDBOX_PORT = Number(process.env.E2E_FOUR_EYES_SANDBOX_PORT ?? 4291);
const POLICY = {
  withdrawals: {
    require: 'tiers',
    tiers: [
      { asset: 'LTC', above: '0.5', approvals: 1 },
      { asset: 'LTC', above: '50', approvals: 2 },
    ],
  },
  addresses: {
    new_addresses: true,
    travel_rule_changes: true,
    approvals: 1,
    cooling_off_minutes: 0,
  },
  // The stories send to the seeded LTC address, which nobody saved: one-gate.spec.ts has the
  // allowlist.
  destinations: { allowlist: false },
  request_ttl_minutes: 1,
};
const SECOND_OPERATOR = 'second-operator';

interface FourEyesServer {
  url: string;
  sandbox: APIRequestContext;
  /** A request made as the worker started: by the expiry story it has expired. */
  early: { approvalId: string; refId: string; expiresAt: string };
}

const test = base.extend<
  { initiator: Page; approver: Page },
  { fourEyesBff: OwnBff; fourEyes: FourEyesServer; approverContext: BrowserContext }
>({
  fourEyesBff: ownBffFixture({
    name: 'four-eyes',
    port: PORT,
    sandboxPort: SANDBOX_PORT,
    env: { SANDBOX_SETTLE_MS: '1500', APPROVAL_POLICY: JSON.stringify(POLICY) },
  }),
  fourEyes: [
    async ({ fourEyesBff: bff }, use) => {
      // The request the expiry story needs, made first so its minute runs during the others.
      const initiator = await operatorApi(bff.url);
      const refId = randomUUID();
      const held = await initiator.post('/api/withdrawals', {
        data: ltcWithdrawalBody(refId, '0.6'),
      });
      expect(held.status(), await held.text()).toBe(202);
      const { approval } = (await held.json()) as {
        approval: { id: string; expires_at: string };
      };
      await initiator.dispose();
      const sandbox = await playwrightRequest.newContext({ baseURL: bff.sandboxUrl });
      await use({
        url: bff.url,
        sandbox,
        early: { approvalId: approval.id, refId, expiresAt: approval.expires_at },
      });
      await sandbox.dispose();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ fourEyes }, use) => {
    await use(fourEyes.url);
  },
  approverContext: [
    async ({ browser, fourEyes }: { browser: Browser; fourEyes: FourEyesServer }, use) => {
      // The second local operator, in a browser context of its own (dev mode only).
      const context = await browser.newContext({
        baseURL: fourEyes.url,
        viewport: { width: 1280, height: 800 },
        extraHTTPHeaders: { 'X-Dev-Operator': SECOND_OPERATOR },
      });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  initiator: async ({ page }, use) => {
    await page.goto('/withdrawals');
    await page.evaluate(() => sessionStorage.clear());
    await use(page);
  },
  approver: async ({ approverContext }, use) => {
    const page = await approverContext.newPage();
    await use(page);
    await page.close();
  },
});

// Two browsers, a BFF of its own and a settling upstream on a shared 2-core machine: the stories
// are long, not slow to fail (every wait is a web-first assertion).
test.describe.configure({ timeout: 90_000 });

/** Submits an LTC withdrawal above the tier; answers its ref_id and approval request path. */
async function submitHeldWithdrawal(page: Page, amount: string) {
  const withdrawal = new WithdrawalPage(page);
  await withdrawal.gotoNew();
  await withdrawal.fill({
    profileId: SEED_PROFILE,
    asset: 'LTC',
    network: 'LITECOIN',
    address: SEED_LTC_ADDRESS,
    amount,
  });
  // Said before submit, with the contract's one rule.
  await expect(page.getByText('This withdrawal needs 1 approval (LTC above 0.5)')).toBeVisible();
  const refId = await withdrawal.openReview();
  await withdrawal.submitButton.click();
  const held = page.getByRole('status').filter({ hasText: 'Awaiting approval' });
  await expect(held).toBeVisible();
  await expect(held).toContainText('Nothing has been sent to the service yet');
  await expect(held).toContainText(refId);
  await expect(page.getByText('Withdrawal created')).toHaveCount(0);
  const link = held.getByRole('link', { name: 'Open the approval request' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/approvals\//);
  return { refId, approvalPath: href!, approvalId: decodeURIComponent(href!.split('/').pop()!) };
}

test('an initiator submits above the tier, another operator approves, one transfer names both', async ({
  initiator,
  approver,
  fourEyes,
}) => {
  const { refId, approvalPath } = await submitHeldWithdrawal(initiator, '1');
  // Nothing reached the service while it waits.
  expect(await transfersUpstream(fourEyes.sandbox, refId)).toHaveLength(0);

  // The approver finds it in the queue, pending first, and opens it.
  await approver.goto('/approvals');
  await expect(approver.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  const row = approver
    .getByRole('row')
    .filter({ has: approver.locator(`a[href="${approvalPath}"]`) });
  await expect(row).toContainText('Awaiting approval');
  await expect(row).toContainText('Local operator');
  await row.getByRole('link').first().click();

  // The same review the initiator saw: amount, destination, ref_id.
  await expect(
    approver.getByRole('heading', { name: 'Withdrawal approval', level: 1 }),
  ).toBeVisible();
  await expect(approver.getByRole('heading', { name: 'Review the withdrawal' })).toBeVisible();
  await expect(approver.getByText('1 LTC').first()).toBeVisible();
  await expect(approver.getByRole('region', { name: 'Request', exact: true })).toContainText(
    '0 of 1',
  );
  await approver.getByRole('button', { name: 'Approve' }).click();
  await expect(
    approver.getByRole('status').filter({ hasText: 'Approved and sent: transfer created' }),
  ).toBeVisible();

  // Exactly one transfer, whose metadata names the initiator, the approver and the request.
  await expect.poll(async () => (await transfersUpstream(fourEyes.sandbox, refId)).length).toBe(1);
  const [transfer] = await transfersUpstream(fourEyes.sandbox, refId);
  const metadata = transfer?.metadata ?? {};
  expect(metadata.aoc_initiated_by).toContain('local-operator');
  expect(metadata.aoc_approved_by).toContain('local-operator-2');
  expect(metadata.aoc_request_id).toBeTruthy();

  // Decided, the approver's review is the body the service received, attribution included.
  const review = approver.getByRole('region', { name: 'Review the withdrawal' });
  await expect(review).toContainText('as the service received it');
  await expect(review).toContainText('aoc_approved_by: local-operator-2');

  // The initiator, still on the held result, sees the approval and the transfer without a reload.
  await expect(
    initiator.getByRole('status').filter({ hasText: 'Approved and sent: transfer created' }),
  ).toBeVisible();
  await expect(initiator.getByText('Approved by Second local operator.')).toBeVisible();
  await expect(initiator.getByRole('region', { name: 'Transfer' })).toContainText(transfer!.id);

  // The history says who did what; the ledger shows the record as created.
  const history = approver.getByRole('region', { name: 'History', exact: true });
  await expect(history).toContainText('Requested');
  await expect(history).toContainText('Approved');
  await expect(history).toContainText('Second local operator');
  await initiator.goto(`/withdrawals/${refId}`);
  await expect(initiator.getByRole('region', { name: 'Approval', exact: true })).toContainText(
    '1 of 1',
  );
  await expect(initiator.getByRole('region', { name: 'Approval', exact: true })).toContainText(
    'Second local operator',
  );
  // The detail shows the body as sent, its metadata naming both.
  const sent = initiator.getByRole('region', { name: 'Sent upstream' });
  await expect(sent).toContainText('aoc_initiated_by: local-operator');
  await expect(sent).toContainText('aoc_approved_by: local-operator-2');
});

test('nobody approves their own request: Approve is not offered, and the API refuses it', async ({
  initiator,
  fourEyes,
}) => {
  const { approvalPath, approvalId, refId } = await submitHeldWithdrawal(initiator, '0.7');
  await initiator.getByRole('link', { name: 'Open the approval request' }).click();
  await expect(initiator).toHaveURL(new RegExp(`${approvalPath}$`));
  await expect(
    initiator.getByText('You submitted this request: someone else must approve it.'),
  ).toBeVisible();
  await expect(initiator.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(initiator.getByRole('button', { name: /^Reject/ })).toHaveCount(0);
  // The initiator may cancel their own request instead.
  await expect(initiator.getByRole('button', { name: 'Cancel my request' })).toBeVisible();

  const asInitiator = await operatorApi(fourEyes.url);
  const direct = await asInitiator.post(
    `/api/approvals/${encodeURIComponent(approvalId)}/approve`,
    {
      data: {},
    },
  );
  expect(direct.status()).toBe(403);
  await asInitiator.dispose();
  expect(await transfersUpstream(fourEyes.sandbox, refId)).toHaveLength(0);

  // Cancelled (after a confirmation: it cannot be undone), it never reaches the service.
  await initiator.getByRole('button', { name: 'Cancel my request' }).click();
  await initiator.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(initiator.getByRole('region', { name: 'Request', exact: true })).toContainText(
    'Cancelled',
  );
  expect(await transfersUpstream(fourEyes.sandbox, refId)).toHaveLength(0);
});

test('a held address cannot receive a withdrawal until it is approved', async ({
  initiator,
  approver,
  fourEyes,
}) => {
  const address = freshEvmAddress();
  const editor = new AddressEditorPage(initiator);
  await editor.goto();
  await editor.fillDestination({ network: 'Ethereum', address, nickname: 'Four eyes wallet' });
  await editor.review();
  await editor.saveButton.click();
  await expect(initiator.getByRole('heading', { name: 'Approval', exact: true })).toBeVisible();
  const held = initiator.getByRole('status').filter({ hasText: 'Awaiting approval' });
  await expect(held).toContainText('Nothing has been sent to the service yet');
  const approvalPath = await held
    .getByRole('link', { name: 'Open the approval request' })
    .getAttribute('href');

  // A withdrawal to it is refused with the reason and a link to the request; nothing is sent.
  const withdrawal = new WithdrawalPage(initiator);
  await withdrawal.gotoNew();
  await withdrawal.fill({
    profileId: SEED_PROFILE,
    asset: 'ETH',
    network: 'ETHEREUM',
    address,
    amount: '0.01',
  });
  await expect(initiator.getByText('This address is waiting for approval')).toBeVisible();
  // The review knows the gate would refuse it: it says why, links to the request and offers no
  // Submit (issue 42 item 2).
  const refId = await withdrawal.openReview();
  await expect(
    initiator.getByText('Not approved yet: this withdrawal will be refused for now'),
  ).toBeVisible();
  await expect(withdrawal.submitButton).toHaveCount(0);
  await expect(
    initiator.getByRole('link', { name: 'Open the address’s approval request' }),
  ).toHaveAttribute('href', approvalPath!);
  expect(await transfersUpstream(fourEyes.sandbox, refId)).toHaveLength(0);

  // The approver sees the change as a before / after table and approves it.
  await approver.goto(approvalPath!);
  await expect(approver.getByRole('heading', { name: 'Address approval', level: 1 })).toBeVisible();
  await expect(approver.getByRole('region', { name: 'New address' })).toContainText(
    'Four eyes wallet',
  );
  await approver.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByRole('region', { name: 'Request', exact: true })).toContainText(
    'Approved',
  );

  // The same withdrawal (same ref_id) now goes through, once.
  // A reload of the review keeps the ref_id and asks the gate again.
  await initiator.reload();
  await withdrawal.submitButton.click();
  await expect(
    initiator.getByRole('status').filter({ hasText: 'Withdrawal created' }),
  ).toBeVisible();
  expect(await transfersUpstream(fourEyes.sandbox, refId)).toHaveLength(1);
});

test('the approvals pages have no serious axe violation at 1280x800 and 390x844', async ({
  approver,
  fourEyes,
}) => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await approver.setViewportSize(size);
    await approver.goto('/approvals');
    await expect(
      approver.getByRole('region', { name: 'Approval requests, pending first' }),
    ).toBeVisible();
    expect(
      await seriousViolations(approver, { headingOrder: true }),
      `/approvals at ${size.width}`,
    ).toEqual([]);
    await approver.goto(`/approvals/${encodeURIComponent(fourEyes.early.approvalId)}`);
    await expect(approver.getByRole('heading', { name: 'Review the withdrawal' })).toBeVisible();
    await expect(approver.getByRole('progressbar')).toHaveCount(0);
    expect(
      await seriousViolations(approver, { headingOrder: true }),
      `decision page at ${size.width}`,
    ).toEqual([]);
    if (size.width === 390) {
      const overflow = await approver.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'the decision page is wider than the screen').toBeLessThanOrEqual(0);
    }
  }
});

test('an expired request cannot be approved', async ({ approver, fourEyes }) => {
  // The request made as the worker started expires one minute after it was made.
  test.setTimeout(120_000);
  const page = `/approvals/${encodeURIComponent(fourEyes.early.approvalId)}`;
  await approver.goto(page);
  await expect(
    approver.getByRole('heading', { name: 'Withdrawal approval', level: 1 }),
  ).toBeVisible();
  // Reloaded until the expiry has passed (web-first: no fixed wait).
  await expect(async () => {
    await approver.reload();
    await expect(approver.getByText(/This request is expired/)).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 100_000, intervals: [2_000] });
  await expect(approver.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  const asApprover = await operatorApi(fourEyes.url, SECOND_OPERATOR);
  const direct = await asApprover.post(
    `/api/approvals/${encodeURIComponent(fourEyes.early.approvalId)}/approve`,
    { data: {} },
  );
  expect(direct.status()).toBe(409);
  await asApprover.dispose();
  expect(await transfersUpstream(fourEyes.sandbox, fourEyes.early.refId)).toHaveLength(0);
});

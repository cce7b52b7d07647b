import { expect, type Locator, type Page } from '@playwright/test';

/** The seeded profile with large balances in every asset (sandbox/seed/seed.ts). */
export const SEED_PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
/** The seeded profile with tiny balances (ETH 0.01): Insufficient Funds. */
export const SMALL_PROFILE = '5a11ba1e-0000-4000-8000-000000000001';

/** A valid Litecoin destination (sandbox/seed/sample-addresses.ts, litecoinSegwit). */
export const SEED_LTC_ADDRESS = 'ltc1qystvf565xkvzpyz88n0kwnkhmae633cm07e7rw';

/** The body of a `POST /api/withdrawals` of LTC from the seeded profile, for stories that need one made through the API. */
export function ltcWithdrawalBody(refId: string, amount: string) {
  return {
    ref_id: refId,
    profile_id: SEED_PROFILE,
    asset: 'LTC',
    crypto_network: 'LITECOIN',
    destination_address: SEED_LTC_ADDRESS,
    amount,
  };
}

/** An ETH withdrawal on Ethereum from the seeded profile: most stories' withdrawal. */
export function ethFromSeed(address: string, amount: string): WithdrawalInput {
  return { profileId: SEED_PROFILE, asset: 'ETH', network: 'ETHEREUM', address, amount };
}

/**
 * The service-held "Treasury cold wallet" (sandbox seed): approved (the demo allowlist lets
 * withdrawals go there) and with Travel Rule data on file, so a withdrawal above a tier to it is
 * held for approval, not refused (issue 42 A).
 */
export const TREASURY_COLD_WALLET = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';

/** The body of a `POST /api/withdrawals` from the seeded profile to the Treasury cold wallet on Ethereum. */
export function treasuryWithdrawalBody(refId: string, asset: string, amount: string) {
  return {
    ref_id: refId,
    profile_id: SEED_PROFILE,
    asset,
    crypto_network: 'ETHEREUM',
    destination_address: TREASURY_COLD_WALLET,
    amount,
  };
}

export interface WithdrawalInput {
  profileId?: string;
  asset: string;
  network: string;
  address: string;
  amount: string;
  mode?: 'send' | 'debit';
  memo?: string;
}

const REF_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** The new-withdrawal flow, by role and label only. */
export class WithdrawalPage {
  constructor(readonly page: Page) {}

  get form(): Locator {
    return this.page.getByRole('form', { name: 'New withdrawal' });
  }

  get reviewHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Review the withdrawal' });
  }

  get submitButton(): Locator {
    return this.page.getByRole('button', { name: /^Submit (withdrawal|again)$/ });
  }

  get transferCard(): Locator {
    return this.page.getByRole('region', { name: 'Transfer' });
  }

  async gotoNew(): Promise<void> {
    await this.page.goto('/withdrawals/new');
    await expect(
      this.page.getByRole('heading', { name: 'New withdrawal', level: 1 }),
    ).toBeVisible();
  }

  async fill(input: WithdrawalInput): Promise<void> {
    const form = this.form;
    await this.fillProfile(input.profileId ?? '');
    await this.fillAsset(input.asset);
    await form.getByRole('combobox', { name: 'Network', exact: true }).selectOption(input.network);
    await form.getByRole('textbox', { name: 'Destination address' }).fill(input.address);
    if (input.mode === 'debit') await form.getByRole('radio', { name: 'Debit exactly' }).check();
    const amountLabel = input.mode === 'debit' ? 'Total to debit' : 'Amount to send';
    await form.getByRole('textbox', { name: amountLabel }).fill(input.amount);
    if (input.memo !== undefined)
      await form.getByRole('textbox', { name: 'Memo' }).fill(input.memo);
  }

  /** Opens a new withdrawal and fills it in. */
  async startNew(input: WithdrawalInput): Promise<void> {
    await this.gotoNew();
    await this.fill(input);
  }

  /** Opens a new withdrawal, fills it in and reviews it: the ref_id the review shows. */
  async reviewNew(input: WithdrawalInput): Promise<string> {
    await this.startNew(input);
    return this.openReview();
  }

  /** Submits the reviewed withdrawal and sees it created, its card naming `refId` when given. */
  async submitAndSeeCreated(refId?: string): Promise<void> {
    await this.submitButton.click();
    await expect(
      this.page.getByRole('status').filter({ hasText: 'Withdrawal created' }),
    ).toBeVisible();
    if (refId !== undefined) await expect(this.transferCard).toContainText(refId);
  }

  /** The profile chooser (profiles feature on: a nickname or a pasted id) or the id field. */
  get profileField(): Locator {
    return this.form
      .getByRole('combobox', { name: 'Profile', exact: true })
      .or(this.form.getByRole('textbox', { name: 'Profile id' }));
  }

  /** The asset chooser (from the profile's balances) or the asset code field. */
  get assetField(): Locator {
    return this.form
      .getByRole('combobox', { name: 'Asset', exact: true })
      .or(this.form.getByRole('textbox', { name: 'Asset', exact: true }));
  }

  /** Types (or pastes) the profile id; leaving the field takes it, as an operator's Tab would. */
  async fillProfile(profileId: string): Promise<void> {
    await this.profileField.fill(profileId);
    await this.profileField.press('Tab');
  }

  async fillAsset(asset: string): Promise<void> {
    await this.assetField.fill(asset);
    await this.assetField.press('Tab');
  }

  async openReview(): Promise<string> {
    await this.form.getByRole('button', { name: 'Review withdrawal' }).click();
    await expect(this.reviewHeading).toBeVisible();
    return this.shownRefId();
  }

  /** The ref_id the review shows (next to its copy button). */
  async shownRefId(): Promise<string> {
    const cell = this.page
      .getByRole('definition')
      .filter({ has: this.page.getByRole('button', { name: 'Copy ref_id' }) })
      .first();
    await expect(cell).toHaveText(REF_ID);
    const match = REF_ID.exec(await cell.innerText());
    if (!match) throw new Error('no ref_id on the page');
    return match[0];
  }

  /** The transfer id the transfer card shows. */
  async shownTransferId(): Promise<string> {
    const cell = this.transferCard
      .getByRole('definition')
      .filter({ has: this.page.getByRole('button', { name: 'Copy transfer id' }) });
    const match = REF_ID.exec(await cell.innerText());
    if (!match) throw new Error('no transfer id on the page');
    return match[0];
  }

  /** The draft the page keeps in sessionStorage (to play a second tab, or a stale one). */
  async storedDraft(): Promise<string | null> {
    return this.page.evaluate(() => sessionStorage.getItem('aoc.withdrawal-draft.v1'));
  }

  async restoreDraft(draft: string): Promise<void> {
    await this.page.evaluate(
      (value) => sessionStorage.setItem('aoc.withdrawal-draft.v1', value),
      draft,
    );
  }
}

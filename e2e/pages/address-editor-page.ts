import type { Locator, Page } from '@playwright/test';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { expect } from '../fixtures';

/** EIP-55: a hex letter is upper case when the matching nibble of keccak(lowercase hex) is >= 8. */
export function toEip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    const ch = lower.charAt(i);
    out += nibble >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

/** A checksummed EVM address never saved before: each run creates, never updates by accident. */
export function freshEvmAddress(): string {
  let hex = '';
  for (let i = 0; i < 40; i++) hex += Math.floor(Math.random() * 16).toString(16);
  return toEip55(hex);
}

/** One upper/lower case letter flipped: same bytes, wrong EIP-55 checksum. */
export function flipOneLetterCase(address: string): string {
  const index = address.slice(2).search(/[a-fA-F]/) + 2;
  const ch = address.charAt(index);
  const flipped = ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase();
  return address.slice(0, index) + flipped + address.slice(index + 1);
}

export interface PhysicalAddressInput {
  address1?: string;
  address2?: string;
  city?: string;
  province?: string;
  zipCode?: string;
  /** Typed into the country search; the first match (the active option) is chosen with Enter. */
  countrySearch: string;
  /** The label the chosen country shows, e.g. "Germany (DEU)". */
  country: string;
}

/** The address editor (/addresses/new), driven by roles and labels as an operator sees it. */
export class AddressEditorPage {
  readonly network: Locator;
  readonly address: Locator;
  readonly identityId: Locator;
  readonly nickname: Locator;
  readonly bookmark: Locator;
  readonly reviewButton: Locator;
  readonly saveButton: Locator;

  constructor(readonly page: Page) {
    this.network = page.getByRole('combobox', { name: 'Network', exact: true });
    this.address = page.getByRole('textbox', { name: 'Address', exact: true });
    this.identityId = page.getByLabel('Identity id (optional)');
    this.nickname = page.getByLabel('Nickname', { exact: true });
    this.bookmark = page.getByRole('checkbox', { name: 'Bookmark this address' });
    this.reviewButton = page.getByRole('button', { name: 'Review', exact: true });
    this.saveButton = page.getByRole('button', { name: 'Save address' });
  }

  async goto(query: Record<string, string> = {}): Promise<void> {
    const search = new URLSearchParams(query).toString();
    await this.page.goto(search ? `/addresses/new?${search}` : '/addresses/new');
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Save an address' }),
    ).toBeVisible();
    await expect(this.page.getByRole('heading', { name: 'Details' })).toBeVisible();
  }

  async fillDestination(input: {
    network: string;
    address: string;
    nickname?: string;
    identityId?: string;
  }): Promise<void> {
    await this.network.selectOption({ label: input.network });
    await this.address.fill(input.address);
    if (input.identityId !== undefined) await this.identityId.fill(input.identityId);
    if (input.nickname !== undefined) await this.nickname.fill(input.nickname);
  }

  beneficiary(name: 'Not given now' | 'Self' | 'A person' | 'An institution'): Locator {
    return this.page.getByRole('radio', { name, exact: true });
  }

  async fillPerson(first: string, last: string): Promise<void> {
    await this.beneficiary('A person').check();
    await this.page.getByRole('textbox', { name: 'First name' }).fill(first);
    await this.page.getByRole('textbox', { name: 'Last name' }).fill(last);
  }

  async fillInstitution(name: string): Promise<void> {
    await this.beneficiary('An institution').check();
    await this.page.getByRole('textbox', { name: 'Institution name' }).fill(name);
  }

  async fillPhysicalAddress(place: PhysicalAddressInput): Promise<void> {
    const fields: [string, string | undefined][] = [
      ['Address line 1', place.address1],
      ['Address line 2', place.address2],
      ['City', place.city],
      ['Province or state', place.province],
      ['ZIP or postal code', place.zipCode],
    ];
    for (const [name, value] of fields)
      if (value !== undefined) await this.page.getByRole('textbox', { name }).fill(value);
    const country = this.page.getByRole('combobox', { name: 'Country' });
    await country.fill(place.countrySearch);
    await expect(this.page.getByRole('option', { name: place.country })).toBeVisible();
    await country.press('Enter');
    await expect(country).toHaveValue(place.country);
  }

  /** Held at a VASP the directory does not list: its name and website. */
  async heldAtVasp(name: string, website = `${name.toLowerCase()}.example`): Promise<void> {
    await this.page.getByRole('radio', { name: 'A VASP', exact: true }).check();
    await this.page.getByRole('radio', { name: 'Not listed' }).check();
    await this.page.getByLabel('VASP name').fill(name);
    await this.page.getByLabel('VASP website').fill(website);
  }

  /** Held at a VASP of the service's directory, by its id. */
  async heldAtDirectoryVasp(id: string): Promise<void> {
    await this.page.getByRole('radio', { name: 'A VASP', exact: true }).check();
    await this.page.getByRole('radio', { name: 'From the directory' }).check();
    await this.page.getByLabel('VASP id').fill(id);
  }

  async heldInSelfHostedWallet(): Promise<void> {
    await this.page.getByRole('radio', { name: 'A self-hosted wallet' }).check();
  }

  /** Opens the review and returns the request body it shows. */
  async review(): Promise<Record<string, unknown>> {
    await this.reviewButton.click();
    await expect(this.page.getByRole('heading', { name: 'Review before saving' })).toBeVisible();
    const text = await this.page.getByLabel('Request body').textContent();
    return JSON.parse(text ?? '{}') as Record<string, unknown>;
  }

  async save(): Promise<void> {
    await this.saveButton.click();
    await expect(this.page.getByRole('heading', { name: 'Saved', exact: true })).toBeVisible();
    await expect(this.page.getByRole('status').filter({ hasText: 'Address saved' })).toBeVisible();
  }

  /** The saved address's details, by their term in the details list. */
  savedDetail(term: string): Locator {
    return this.page
      .locator('dt', { hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }
}

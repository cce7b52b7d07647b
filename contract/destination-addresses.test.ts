import { describe, expect, it } from 'vitest';
import {
  BeneficiarySchema,
  GeographicAddressSchema,
  InstitutionDetailsSchema,
  PersonDetailsSchema,
  CryptoDestinationAddressSchema,
  PutCryptoDestinationAddressResponseSchema,
  TravelRuleMetadataRequestSchema,
  createPutCryptoDestinationAddressRequestSchema,
} from './destination-addresses';

const put = createPutCryptoDestinationAddressRequestSchema({ allowTestnet: false });
const base = {
  crypto_network: 'STELLAR',
  address: 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ',
  nickname: 'Treasury',
};

describe('PutCryptoDestinationAddressRequest (strict)', () => {
  it('accepts a key triple with Travel Rule metadata', () => {
    const parsed = put.parse({
      ...base,
      identity_id: 'id-1',
      bookmarked_status: true,
      travelrule_metadata: {
        beneficiary: { person_details: { first_name: 'Ada', last_name: 'Lovelace' } },
        custodian_type: 'PRIVATE',
      },
    });
    expect(parsed.travelrule_metadata?.beneficiary?.person_details?.first_name).toBe('Ada');
  });

  it('rejects unknown fields at every level', () => {
    expect(put.safeParse({ ...base, colour: 'red' }).success).toBe(false);
    expect(
      put.safeParse({ ...base, travelrule_metadata: { beneficiary: { self: true, extra: 1 } } })
        .success,
    ).toBe(false);
    expect(
      put.safeParse({
        ...base,
        travelrule_metadata: {
          beneficiary: {
            person_details: {
              first_name: 'A',
              last_name: 'B',
              physical_address: { city: 'X', planet: 'Earth' },
            },
          },
        },
      }).success,
    ).toBe(false);
  });

  it('takes either an id or the (network, address, identity) key, never both', () => {
    expect(put.safeParse({ id: 'addr-1', nickname: 'x' }).success).toBe(true);
    expect(put.safeParse({ id: 'addr-1', address: base.address }).success).toBe(false);
    expect(put.safeParse({ nickname: 'x' }).success).toBe(false);
    expect(put.safeParse({ crypto_network: 'STELLAR' }).success).toBe(false);
  });

  it('rejects an unknown network and an address that does not fit its network, with the cause', () => {
    expect(put.safeParse({ ...base, crypto_network: 'APTOS' }).success).toBe(false);
    const result = put.safeParse({ ...base, address: `${base.address.slice(0, -1)}A` });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Stellar key checksum invalid: a character is wrong',
    ]);
  });

  it('validates the trimmed address', () => {
    expect(put.parse({ ...base, address: `  ${base.address}\n` }).address).toBe(base.address);
  });

  it('checks the beneficiary is exactly one kind', () => {
    expect(BeneficiarySchema.safeParse({}).success).toBe(false);
    expect(
      BeneficiarySchema.safeParse({
        self: true,
        institution_details: { name: 'ACME' },
      }).success,
    ).toBe(false);
    expect(BeneficiarySchema.safeParse({ institution_details: { name: 'ACME' } }).success).toBe(
      true,
    );
    expect(TravelRuleMetadataRequestSchema.safeParse({ custodian_type: 'BANK' }).success).toBe(
      false,
    );
  });
});

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('GeographicAddress (published)', () => {
  it('takes country alone, and every line at 35 characters of the allowed set', () => {
    const line = "Rua Jose Falcao, 1 (2 Esq.) A/B & C'";
    expect(line.slice(0, 35)).toHaveLength(35);
    expect(GeographicAddressSchema.parse({ country: 'SGP' })).toEqual({ country: 'SGP' });
    const full = {
      country: 'PRT',
      address1: line.slice(0, 35),
      address2: '2?:+-',
      city: 'Lisboa',
      province: 'Lisboa',
      zip_code: '1000-001',
    };
    expect(GeographicAddressSchema.parse(full)).toEqual(full);
  });

  it.each([
    [
      'no country',
      { city: 'Lisboa' },
      'country: Invalid input: expected string, received undefined',
    ],
    [
      'a two-letter country',
      { country: 'PT' },
      'country: Use a three-letter ISO 3166-1 country code, such as USA or DEU',
    ],
    [
      'a lower-case country',
      { country: 'prt' },
      'country: Use a three-letter ISO 3166-1 country code, such as USA or DEU',
    ],
    ['an unassigned country', { country: 'ZZZ' }, 'country: Not an ISO 3166-1 country code'],
    [
      'a 36-character line',
      { country: 'PRT', address1: 'A'.repeat(36) },
      'address1: At most 35 characters',
    ],
    [
      'a line with "é"',
      { country: 'PRT', city: 'Évora' },
      "city: The service does not take “É”: use letters A-Z without accents, digits, spaces and / ? : ( ) . , & ' + -",
    ],
    [
      'a line with "#"',
      { country: 'USA', address1: 'Apt #5' },
      'address1: The service does not take “#”',
    ],
    [
      'the old name country_code',
      { country: 'USA', country_code: 'US' },
      ': Unrecognized key: "country_code"',
    ],
    [
      'the old name street_line_1',
      { country: 'USA', street_line_1: '1 Main St' },
      ': Unrecognized key: "street_line_1"',
    ],
  ])('refuses %s', (_name, value, message) => {
    const found = messages(GeographicAddressSchema.safeParse(value));
    expect(found.some((m) => m.startsWith(message))).toBe(true);
  });

  // Issue 25, item 4: the published schema puts no pattern on names; only the address lines
  // keep the 35-character rule. Names travel as typed, bounded by our own 200-character cap.
  it('takes names as typed, up to 200 characters, refusing only control characters', () => {
    const person = (first_name: string) =>
      PersonDetailsSchema.safeParse({ first_name, last_name: 'Lima' });
    expect(person('A'.repeat(200)).success).toBe(true);
    expect(messages(person('A'.repeat(201)))).toEqual(['first_name: At most 200 characters']);
    expect(PersonDetailsSchema.parse({ first_name: 'José', last_name: 'Müller' })).toEqual({
      first_name: 'José',
      last_name: 'Müller',
    });
    expect(InstitutionDetailsSchema.parse({ name: 'Müller & Söhne #2' })).toEqual({
      name: 'Müller & Söhne #2',
    });
    expect(person('東京 太郎').success).toBe(true);
    expect(messages(person('Jo\u0000sé'))).toEqual([
      'first_name: Contains a NUL character (U+0000), which cannot be stored',
    ]);
    expect(messages(person('Jo\nsé'))).toEqual([
      'first_name: Contains a control character (U+000A)',
    ]);
    expect(messages(person('Jo\u202Esé'))).toEqual([
      'first_name: Contains a control character (U+202E)',
    ]);
    // The address lines keep the service's rule.
    expect(
      messages(
        PersonDetailsSchema.safeParse({
          first_name: 'José',
          last_name: 'Lima',
          physical_address: { country: 'PRT', city: 'Évora' },
        }),
      )[0],
    ).toMatch(/^physical_address.city: The service does not take “É”/);
  });
});

describe('VASP and custodian type (published)', () => {
  const meta = (value: unknown) => TravelRuleMetadataRequestSchema.safeParse(value);

  it('takes a VASP as exactly one of {id} or {custom_vasp_name, custom_vasp_website}', () => {
    expect(meta({ custodian_type: 'VASP', vasp: { id: 'vasp-1' } }).success).toBe(true);
    expect(
      meta({
        custodian_type: 'VASP',
        vasp: { custom_vasp_name: 'Small Exchange', custom_vasp_website: 'small.example' },
      }).success,
    ).toBe(true);
    expect(messages(meta({ vasp: { id: 'vasp-1', custom_vasp_name: 'X' } }))).toEqual([
      'vasp.id: Give either the directory id or a custom name and website, not both',
    ]);
    expect(messages(meta({ vasp: { custom_vasp_name: 'X' } }))).toEqual([
      'vasp.custom_vasp_website: Required',
    ]);
    expect(messages(meta({ vasp: {} }))).toEqual([
      'vasp: Name the VASP: its directory id, or a custom name and website',
    ]);
    expect(messages(meta({ vasp: { name: 'Kraken' } }))[0]).toMatch(/Unrecognized key: "name"/);
  });

  it('asks a VASP custodian for its VASP and refuses one for a self-hosted wallet', () => {
    expect(messages(meta({ custodian_type: 'VASP' }))).toEqual([
      'vasp: Name the VASP that holds the address',
    ]);
    expect(messages(meta({ custodian_type: 'PRIVATE', vasp: { id: 'v' } }))).toEqual([
      'vasp: A self-hosted wallet has no VASP',
    ]);
    expect(meta({ custodian_type: 'PRIVATE', transfer_purpose: 'Savings' }).success).toBe(true);
  });
});

describe('CryptoDestinationAddress response (tolerant)', () => {
  it('reads the published fields and the old names alike, for display', () => {
    const parsed = CryptoDestinationAddressSchema.parse({
      id: 'a-1',
      address: base.address,
      travelrule_metadata: {
        beneficiary: {
          person_details: {
            first_name: 'Ada',
            physical_address: { street_line_1: '1 Main St', country_code: 'US', country: 'USA' },
          },
        },
        vasp: { id: 'v-1', name: 'Directory VASP', custom_vasp_website: 'x.example' },
      },
    });
    expect(parsed.travelrule_metadata?.beneficiary?.person_details?.physical_address).toEqual({
      street_line_1: '1 Main St',
      country_code: 'US',
      country: 'USA',
    });
    expect(parsed.travelrule_metadata?.vasp?.name).toBe('Directory VASP');
  });

  it('keeps unknown fields at every level and unknown enum values as raw strings', () => {
    const parsed = PutCryptoDestinationAddressResponseSchema.parse({
      address: {
        id: 'a-1',
        address: base.address,
        crypto_network: 'APTOS',
        status: 'UNDER_REVIEW',
        risk: 'low',
        travelrule_metadata: {
          custodian_type: 'EXCHANGE',
          beneficiary: { self: false, wallet_label: 'x' },
          screening: { passed: true },
        },
      },
      request_id: 'r-1',
    });
    expect(parsed.request_id).toBe('r-1');
    expect(parsed.address).toMatchObject({
      crypto_network: 'APTOS',
      status: 'UNDER_REVIEW',
      risk: 'low',
    });
    expect(parsed.address.travelrule_metadata).toMatchObject({
      custodian_type: 'EXCHANGE',
      beneficiary: { wallet_label: 'x' },
      screening: { passed: true },
    });
  });

  it('accepts an address with only its id and address', () => {
    expect(CryptoDestinationAddressSchema.parse({ id: 'a', address: 'x' })).toEqual({
      id: 'a',
      address: 'x',
    });
  });

  it('does not validate the address of a response: the upstream has the last word there', () => {
    expect(
      CryptoDestinationAddressSchema.safeParse({ id: 'a', address: 'not-an-address' }).success,
    ).toBe(true);
  });
});

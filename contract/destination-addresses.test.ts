import { describe, expect, it } from 'vitest';
import {
  BeneficiarySchema,
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

  it('checks the beneficiary is exactly one kind and a country code is ISO alpha-2', () => {
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
    expect(
      BeneficiarySchema.safeParse({
        institution_details: { name: 'ACME', physical_address: { country_code: 'usa' } },
      }).success,
    ).toBe(false);
    expect(
      TravelRuleMetadataRequestSchema.safeParse({ custodian_type: 'PRIVATE', vasp: { name: 'X' } })
        .success,
    ).toBe(false);
    expect(TravelRuleMetadataRequestSchema.safeParse({ custodian_type: 'BANK' }).success).toBe(
      false,
    );
  });
});

describe('CryptoDestinationAddress response (tolerant)', () => {
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

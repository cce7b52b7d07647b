import { describe, expect, it } from 'vitest';
import { createPutCryptoDestinationAddressRequestSchema } from '#contract/destination-addresses';
import {
  EMPTY_ADDRESS_FORM,
  toPutAddressRequest,
  type AddressFormValues,
} from './address-form-values';

// The request bodies the SPA's form builds, checked against the service's published schema for
// PUT /v2/transfer/crypto-destination-address ("Published request and response schemas" in the
// upstream facts). The published shape is written out here by hand, apart from contract/, so a
// drift of the contract's own schema cannot hide itself: every key must be one the service
// defines (strict, no extra keys), every required one present, every value of its form.

type Shape =
  | { kind: 'string'; pattern?: RegExp; max?: number }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'object'; fields: Record<string, Shape>; required?: readonly string[] };

const RULE = /^[0-9A-Za-z /?:().,&'+-]+$/;
const line: Shape = { kind: 'string', pattern: RULE, max: 35 };
const name: Shape = { kind: 'string', pattern: RULE, max: 200 };
const GEOGRAPHIC_ADDRESS: Shape = {
  kind: 'object',
  required: ['country'],
  fields: {
    country: { kind: 'string', pattern: /^[A-Z]{3}$/ },
    address1: line,
    address2: line,
    city: line,
    province: line,
    zip_code: line,
  },
};
const PUBLISHED_PUT_BODY: Shape = {
  kind: 'object',
  fields: {
    crypto_network: { kind: 'string' },
    address: { kind: 'string' },
    identity_id: { kind: 'string' },
    nickname: { kind: 'string' },
    bookmarked_status: { kind: 'boolean' },
    travelrule_metadata: {
      kind: 'object',
      fields: {
        beneficiary: {
          kind: 'object',
          fields: {
            self: { kind: 'boolean' },
            person_details: {
              kind: 'object',
              required: ['first_name', 'last_name'],
              fields: { first_name: name, last_name: name, physical_address: GEOGRAPHIC_ADDRESS },
            },
            institution_details: {
              kind: 'object',
              required: ['name'],
              fields: { name, physical_address: GEOGRAPHIC_ADDRESS },
            },
          },
        },
        vasp: {
          kind: 'object',
          fields: {
            id: { kind: 'string' },
            custom_vasp_name: { kind: 'string' },
            custom_vasp_website: { kind: 'string' },
          },
        },
        custodian_type: { kind: 'enum', values: ['VASP', 'PRIVATE'] },
        transfer_purpose: { kind: 'string' },
      },
    },
  },
};

/** Every way `value` departs from the published shape, as "path: what". */
function departures(value: unknown, shape: Shape, path = ''): string[] {
  const at = path || '(body)';
  switch (shape.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${at}: not a boolean`];
    case 'enum':
      return shape.values.includes(value as string) ? [] : [`${at}: not one of the values`];
    case 'string': {
      if (typeof value !== 'string') return [`${at}: not a string`];
      const out: string[] = [];
      if (shape.pattern && !shape.pattern.test(value)) out.push(`${at}: characters`);
      if (shape.max !== undefined && value.length > shape.max) out.push(`${at}: too long`);
      return out;
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return [`${at}: not an object`];
      const record = value as Record<string, unknown>;
      const out: string[] = [];
      for (const key of shape.required ?? [])
        if (!(key in record)) out.push(`${path ? `${path}.` : ''}${key}: missing`);
      for (const [key, child] of Object.entries(record)) {
        const field = shape.fields[key];
        const childPath = path ? `${path}.${key}` : key;
        if (!field) out.push(`${childPath}: not in the published schema`);
        else out.push(...departures(child, field, childPath));
      }
      return out;
    }
  }
}

/** The published rules between fields: one beneficiary kind, one way of naming a VASP. */
function ruleDepartures(body: Record<string, unknown>): string[] {
  const m = body.travelrule_metadata as
    | {
        beneficiary?: Record<string, unknown>;
        vasp?: Record<string, unknown>;
        custodian_type?: unknown;
      }
    | undefined;
  if (!m) return [];
  const out: string[] = [];
  const b = m.beneficiary;
  if (b) {
    const kinds = [b.self === true, 'person_details' in b, 'institution_details' in b];
    if (kinds.filter(Boolean).length !== 1) out.push('beneficiary: not exactly one kind');
  }
  const vasp = m.vasp;
  if (vasp) {
    const byId = 'id' in vasp;
    const custom = 'custom_vasp_name' in vasp && 'custom_vasp_website' in vasp;
    if (byId === custom) out.push('vasp: not exactly one of {id} or the custom pair');
  }
  if (m.custodian_type === 'VASP' && !vasp) out.push('custodian_type VASP without a vasp');
  if (m.custodian_type === 'PRIVATE' && vasp) out.push('custodian_type PRIVATE with a vasp');
  if ('id' in body && ('crypto_network' in body || 'address' in body || 'identity_id' in body))
    out.push('id together with the key');
  return out;
}

const destination: AddressFormValues = {
  ...EMPTY_ADDRESS_FORM,
  crypto_network: 'ETHEREUM',
  address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
  identity_id: 'b3c1f6a2-0c1e-4f55-9a57-0d5c9b0e1f11',
  nickname: 'Payouts',
  bookmarked: true,
  // Typed and then left behind by a switch of kind: must never travel.
  institution_name: 'Left behind Ltd',
  custom_vasp_name: 'Left behind',
  custom_vasp_website: 'left.example',
  vasp_id: 'left-behind',
};
const fullAddress = {
  country: 'PRT',
  address1: 'Rua Augusta 24',
  address2: '2 Esq.',
  city: 'Lisboa',
  province: 'Lisboa',
  zip_code: '1100-053',
};

const FORMS: [string, AddressFormValues][] = [
  [
    'a person with a full GeographicAddress',
    {
      ...destination,
      beneficiary_kind: 'person',
      first_name: 'Ana',
      last_name: "O'Neil-Lima",
      physical_address: fullAddress,
    },
  ],
  [
    'an institution',
    {
      ...destination,
      beneficiary_kind: 'institution',
      institution_name: 'Acme Custody (Europe) S.A.',
      physical_address: { ...EMPTY_ADDRESS_FORM.physical_address, country: 'LUX' },
    },
  ],
  ['self', { ...destination, beneficiary_kind: 'self' }],
  [
    'a custom VASP',
    {
      ...destination,
      beneficiary_kind: 'self',
      custodian: 'VASP',
      vasp_kind: 'custom',
      custom_vasp_name: 'Small Exchange',
      custom_vasp_website: 'https://small.example',
    },
  ],
  [
    'a directory VASP',
    {
      ...destination,
      beneficiary_kind: 'self',
      custodian: 'VASP',
      vasp_kind: 'directory',
      vasp_id: '0d6c1f0e-6a53-4d1e-9d7c-0f8a4f4b2a10',
      transfer_purpose: 'Payment for services',
    },
  ],
  [
    'a PRIVATE (self-hosted) wallet',
    {
      ...destination,
      beneficiary_kind: 'person',
      first_name: 'Jo',
      last_name: 'Li',
      custodian: 'PRIVATE',
    },
  ],
];

describe('request bodies the address form builds are the published shape', () => {
  const contract = createPutCryptoDestinationAddressRequestSchema({ allowTestnet: false });

  it.each(FORMS)('%s', (_name, values) => {
    const body = toPutAddressRequest(values);
    expect(body.travelrule_metadata).toBeDefined();
    expect(departures(body, PUBLISHED_PUT_BODY)).toEqual([]);
    expect(ruleDepartures(body)).toEqual([]);
    // The contract takes it as it is: what the BFF forwards is exactly what the form built.
    expect(contract.parse(body)).toEqual(body);
  });

  it('the checker itself refuses the older documentation’s names', () => {
    const old = {
      travelrule_metadata: {
        beneficiary: {
          person_details: {
            first_name: 'A',
            last_name: 'B',
            physical_address: { street_line_1: 'x', country_code: 'GB' },
          },
        },
        vasp: { name: 'Kraken' },
      },
    };
    expect(departures(old, PUBLISHED_PUT_BODY)).toEqual([
      'travelrule_metadata.beneficiary.person_details.physical_address.country: missing',
      'travelrule_metadata.beneficiary.person_details.physical_address.street_line_1: not in the published schema',
      'travelrule_metadata.beneficiary.person_details.physical_address.country_code: not in the published schema',
      'travelrule_metadata.vasp.name: not in the published schema',
    ]);
  });
});

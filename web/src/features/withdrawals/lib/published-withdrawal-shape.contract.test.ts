import { describe, expect, it } from 'vitest';
import { OPERATOR_METADATA_PAIRS, RESERVED_METADATA_KEYS } from '#contract/approvals';
import { createSubmitWithdrawalRequestSchema } from '#contract/withdrawals';
import { validateWithdrawalForm } from './withdrawal-form-model';
import { EMPTY_WITHDRAWAL_FORM, type WithdrawalFormValues } from './withdrawal-form-model';

// The request bodies the SPA's withdrawal form builds, checked against the service's published
// request of POST /v2/transfer/crypto-withdrawals (docs/upstream-contract.md, "Create a
// withdrawal"). As for the address form (published-shape.contract.test.ts), the published shape
// is written out here by hand, apart from contract/, so a drift of the contract's own schema
// cannot hide itself: only keys the service defines, the required ones present, exactly one of
// amount and total, amounts as decimal strings (never numbers), the sixteen networks, metadata of
// at most 6 string pairs of at most 100 characters, a guaranteed fee (fee_id) only with an amount
// (the published fee operation: the service refuses total + fee_id), and the deprecated
// beneficiary only as person_details { first_name, last_name } or institution_details { name }.

const PUBLISHED_NETWORKS = [
  'BITCOIN',
  'ETHEREUM',
  'BITCOIN_CASH',
  'LITECOIN',
  'SOLANA',
  'POLYGON_POS',
  'BASE',
  'ARBITRUM_ONE',
  'STELLAR',
  'INK',
  'XLAYER',
  'AVALANCHE',
  'BNB',
  'ROBINHOOD',
  'DOGECOIN',
  'SUI',
];
const DECIMAL = /^[0-9]*\.?[0-9]+$/;
const STRING_FIELDS = [
  'profile_id',
  'destination_address',
  'asset',
  'ref_id',
  'identity_id',
  'account_id',
  'balance_asset',
  'fee_id',
  'memo',
];
const REQUIRED = ['profile_id', 'destination_address', 'crypto_network', 'asset'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` has exactly these keys, each a string. */
const stringsOnly = (value: unknown, keys: string[]): boolean =>
  isRecord(value) &&
  Object.keys(value).sort().join() === [...keys].sort().join() &&
  keys.every((key) => typeof value[key] === 'string');

/** The deprecated withdrawal beneficiary's published shape: a person or an institution. */
function beneficiaryDepartures(value: unknown): string[] {
  if (!isRecord(value) || Object.keys(value).length !== 1)
    return ['beneficiary: not exactly one of person_details or institution_details'];
  if ('person_details' in value)
    return stringsOnly(value.person_details, ['first_name', 'last_name'])
      ? []
      : ['beneficiary.person_details: not { first_name, last_name }'];
  if ('institution_details' in value)
    return stringsOnly(value.institution_details, ['name'])
      ? []
      : ['beneficiary.institution_details: not { name }'];
  return [`beneficiary.${Object.keys(value)[0]}: not in the published schema`];
}

/** Every way `body` departs from the published withdrawal request, as "field: what". */
function departures(body: Record<string, unknown>): string[] {
  const out: string[] = [];
  const known = new Set([
    ...STRING_FIELDS,
    'crypto_network',
    'amount',
    'total',
    'metadata',
    'beneficiary',
  ]);
  for (const key of Object.keys(body))
    if (!known.has(key)) out.push(`${key}: not in the published schema`);
  for (const key of REQUIRED) if (!(key in body)) out.push(`${key}: missing`);
  for (const key of STRING_FIELDS)
    if (key in body && typeof body[key] !== 'string') out.push(`${key}: not a string`);
  if ('crypto_network' in body && !PUBLISHED_NETWORKS.includes(body.crypto_network as string))
    out.push('crypto_network: not one of the sixteen');
  if ('amount' in body === 'total' in body) out.push('amount/total: not exactly one');
  if ('fee_id' in body && 'total' in body)
    out.push('fee_id: with total, which the service refuses');
  if ('beneficiary' in body) out.push(...beneficiaryDepartures(body.beneficiary));
  for (const key of ['amount', 'total'])
    if (key in body && (typeof body[key] !== 'string' || !DECIMAL.test(body[key] as string)))
      out.push(`${key}: not a decimal string`);
  if ('metadata' in body) {
    const metadata = body.metadata;
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
      out.push('metadata: not an object');
    else {
      const pairs = Object.entries(metadata);
      if (pairs.length > 6) out.push('metadata: more than 6 pairs');
      for (const [key, value] of pairs) {
        if (key.length > 100) out.push('metadata: a key over 100 characters');
        if (typeof value !== 'string') out.push(`metadata.${key}: not a string`);
        else if (value.length > 100) out.push(`metadata.${key}: over 100 characters`);
      }
    }
  }
  return out;
}

const PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
const base: WithdrawalFormValues = {
  ...EMPTY_WITHDRAWAL_FORM,
  profile_id: PROFILE,
  asset: 'ETH',
  crypto_network: 'ETHEREUM',
  destination_address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
  amount_value: '0.000000000000000001',
};
// The operator's own pairs: the console stamps its attribution keys on the rest of the service's
// six (contract/approvals.ts), so the body the BFF forwards has six pairs at most.
const ownPairs = Array.from({ length: OPERATOR_METADATA_PAIRS }, (_, i) => ({
  key: `${i}`.padEnd(100, 'k'),
  value: `${i}`.padEnd(100, 'v'),
}));

const FORMS: [string, WithdrawalFormValues][] = [
  ['send exactly, with ETH’s 18 decimals', base],
  ['send exactly, with a fee quote', { ...base, fee_id: '5d1f9a52-2c6e-4a0b-9f3e-0f4f4f0c3a11' }],
  [
    // No fee quote with a total: the service refuses total + fee_id (see the refusals below).
    'debit exactly (total), with every optional id',
    {
      ...base,
      amount_mode: 'total',
      amount_value: '1.5',
      identity_id: '0b6f7a2e-7d3c-4a55-8a57-0d5c9b0e1f11',
      account_id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      balance_asset: 'usd',
    },
  ],
  [
    'a Stellar withdrawal with a memo and every metadata pair of the operator’s own at 100 characters',
    {
      ...base,
      asset: 'XLM',
      crypto_network: 'STELLAR',
      destination_address: 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ',
      amount_value: '12.5000001',
      memo: '  1234567  ',
      metadata: ownPairs,
    },
  ],
  [
    'a Dogecoin withdrawal',
    {
      ...base,
      asset: 'DOGE',
      crypto_network: 'DOGECOIN',
      destination_address: 'D7RSnCV5E13VmRfXkU1rATz7mFa7ybSgwS',
      amount_value: '150',
    },
  ],
  [
    'a Sui withdrawal',
    {
      ...base,
      asset: 'SUI',
      crypto_network: 'SUI',
      destination_address: '0x7700bd836c3db8d0b3e773cd57af03596aae1dbd11e1127e06fd688c3b4b2906',
      amount_value: '2.5',
    },
  ],
];

describe('request bodies the withdrawal form builds are the published shape', () => {
  const bff = createSubmitWithdrawalRequestSchema({ allowTestnet: false });

  it.each(FORMS)('%s', (_name, values) => {
    const result = validateWithdrawalForm(values, { allowTestnet: false });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    // The submit adds the ref_id (use-submit-withdrawal); the body is otherwise sent as built.
    const body = { ...result.body, ref_id: '0f5e2c1a-3b4d-4e6f-8a9b-0c1d2e3f4a5b' };
    expect(departures(body)).toEqual([]);
    // The BFF takes it as it is: what it forwards is exactly what the form built.
    expect(bff.parse(body)).toEqual(body);
  });

  it('the memo travels exactly as typed (on-chain memos can be whitespace-sensitive)', () => {
    const result = validateWithdrawalForm(
      FORMS.find(([name]) => name.startsWith('a Stellar'))![1],
      {
        allowTestnet: false,
      },
    );
    expect(result.ok && result.body.memo).toBe('  1234567  ');
  });

  it.each([
    [
      'one metadata pair more than the operator’s own',
      { metadata: [...ownPairs, { key: 'extra', value: 'x' }] },
    ],
    [
      'a metadata key the console stamps itself',
      { metadata: [{ key: RESERVED_METADATA_KEYS[0]!, value: 'x' }] },
    ],
    ['a metadata value of 101 characters', { metadata: [{ key: 'note', value: 'v'.repeat(101) }] }],
    ['a metadata key of 101 characters', { metadata: [{ key: 'k'.repeat(101), value: 'v' }] }],
    ['a 19th ETH decimal', { amount_value: '0.0000000000000000001' }],
    ['an amount that is not a decimal string', { amount_value: '1e3' }],
    [
      'a fee quote with “Debit exactly” (the service refuses total + fee_id)',
      { amount_mode: 'total' as const, amount_value: '1.5', fee_id: 'quote-1' },
    ],
  ])('the form refuses %s before anything is sent', (_name, change) => {
    const values = { ...base, ...change };
    expect(validateWithdrawalForm(values, { allowTestnet: false }).ok).toBe(false);
  });

  // Issue 25, item 6: the deprecated beneficiary (API only, never built by the form) is taken by
  // the BFF exactly when it has the published shape.
  it.each([
    [{ person_details: { first_name: 'José', last_name: 'Müller' } }, true],
    [{ institution_details: { name: 'Müller & Söhne GmbH' } }, true],
    [{ self: true }, false],
    [{ person_details: { first_name: 'José' } }, false],
    [{ institution_details: { name: 'Acme', lei: 'x' } }, false],
    [
      {
        person_details: { first_name: 'A', last_name: 'B' },
        institution_details: { name: 'C' },
      },
      false,
    ],
  ])(
    'the deprecated beneficiary %j: published %s, and the BFF agrees',
    (beneficiary, published) => {
      const result = validateWithdrawalForm(base, { allowTestnet: false });
      if (!result.ok) throw new Error('the base form is valid');
      const body = { ...result.body, ref_id: 'r-1', beneficiary };
      expect(departures(body).length === 0).toBe(published);
      expect(bff.safeParse(body).success).toBe(published);
    },
  );

  // Issue 25, item 2: total + fee_id departs from the published rule, and the BFF refuses it.
  it('a total with a fee_id is refused by the checker and by the BFF', () => {
    const result = validateWithdrawalForm(
      { ...base, amount_mode: 'total', amount_value: '1.5' },
      { allowTestnet: false },
    );
    if (!result.ok) throw new Error('the total form is valid');
    const body = { ...result.body, ref_id: 'r-1', fee_id: 'quote-1' };
    expect(departures(body)).toEqual(['fee_id: with total, which the service refuses']);
    expect(bff.safeParse(body).success).toBe(false);
  });

  it('the checker itself refuses what the service does not define', () => {
    expect(
      departures({
        profile_id: PROFILE,
        destination_address: base.destination_address,
        crypto_network: 'APTOS',
        asset: 'ETH',
        amount: 1.5,
        total: '2',
        beneficiary_name: 'x',
        metadata: Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`k${i}`, 'v'])),
      }),
    ).toEqual([
      'beneficiary_name: not in the published schema',
      'crypto_network: not one of the sixteen',
      'amount/total: not exactly one',
      'amount: not a decimal string',
      'metadata: more than 6 pairs',
    ]);
  });
});

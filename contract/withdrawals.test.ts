import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  METADATA_MAX_LENGTH,
  METADATA_MAX_PAIRS,
  TransferSchema,
  UNSAFE_METADATA_KEY,
  WithdrawalMetadataSchema,
  createCryptoWithdrawalRequestSchema,
  createSubmitWithdrawalRequestSchema,
} from './withdrawals';

const upstream = createCryptoWithdrawalRequestSchema({ allowTestnet: false });
const submit = createSubmitWithdrawalRequestSchema({ allowTestnet: false });

const base = {
  profile_id: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
  destination_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  crypto_network: 'ETHEREUM',
  asset: 'USDG',
  amount: '10.50',
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('CreateCryptoWithdrawalRequest (strict)', () => {
  it('accepts a minimal body and keeps decimals as strings', () => {
    const parsed = upstream.parse(base);
    expect(parsed.amount).toBe('10.50');
    expect(typeof parsed.amount).toBe('string');
  });

  it('accepts every one of the service’s sixteen networks with an address of it', () => {
    const addresses: Record<string, string> = {
      AVALANCHE: base.destination_address,
      BNB: base.destination_address,
      ROBINHOOD: base.destination_address,
      DOGECOIN: 'DFt9S2cw25TS2JBcGnBDZ4RYi96m8rfrmh',
      SUI: '0x5426c50f9c771e8e9e7288c9b2d2ca7c7a6a455a9f6c47c5d482bfb99684471c',
    };
    for (const [crypto_network, destination_address] of Object.entries(addresses)) {
      expect(upstream.safeParse({ ...base, crypto_network, destination_address }).success).toBe(
        true,
      );
      expect(
        submit.safeParse({ ...base, crypto_network, destination_address, ref_id: 'r-1' }).success,
      ).toBe(true);
    }
    expect(messages(upstream.safeParse({ ...base, crypto_network: 'SUI' })).join()).toMatch(
      /this is an EVM \(Ethereum-style\) address, but SUI is selected/,
    );
  });

  it('rejects unknown fields, at the top and inside beneficiary', () => {
    expect(upstream.safeParse({ ...base, amout: '1' }).success).toBe(false);
    expect(upstream.safeParse({ ...base, beneficiary: { self: true, name: 'x' } }).success).toBe(
      false,
    );
    expect(
      upstream.safeParse({
        ...base,
        beneficiary: { person_details: { first_name: 'A', last_name: 'B', middle_name: 'C' } },
      }).success,
    ).toBe(false);
  });

  // Issue 25, item 6: the deprecated beneficiary's published shape is person_details
  // (first_name, last_name) or institution_details (name); `self` is not in it.
  it('takes the deprecated beneficiary only in its published shape', () => {
    const person = { person_details: { first_name: 'José', last_name: 'Müller' } };
    const institution = { institution_details: { name: 'Müller & Söhne GmbH' } };
    expect(submit.parse({ ...base, ref_id: 'r-1', beneficiary: person }).beneficiary).toEqual(
      person,
    );
    expect(upstream.parse({ ...base, beneficiary: institution }).beneficiary).toEqual(institution);
    expect(messages(upstream.safeParse({ ...base, beneficiary: { self: true } }))).not.toEqual([]);
    expect(
      messages(upstream.safeParse({ ...base, beneficiary: { ...person, ...institution } })),
    ).toEqual(['beneficiary: Give either person_details or institution_details, not both']);
    expect(messages(upstream.safeParse({ ...base, beneficiary: {} }))).toEqual([
      'beneficiary: Give either person_details or institution_details, not both',
    ]);
    expect(
      messages(
        upstream.safeParse({
          ...base,
          beneficiary: { person_details: { first_name: 'A\u0007', last_name: 'B' } },
        }),
      ),
    ).toEqual(['beneficiary.person_details.first_name: Contains a control character (U+0007)']);
  });

  // Issue 25, item 2: a guaranteed fee (fee_id) holds for an amount no larger than the quote's;
  // the service refuses total + fee_id, so the console refuses it before sending.
  it('refuses total with fee_id, naming both fields', () => {
    const { amount: _amount, ...noAmount } = base;
    const body = { ...noAmount, total: '10.50', fee_id: 'quote-1' };
    const found = messages(upstream.safeParse(body));
    expect(found).toEqual([
      'fee_id: A guaranteed fee (fee_id) holds for an amount, not a total: give amount (send exactly), or leave out fee_id',
    ]);
    expect(messages(submit.safeParse({ ...body, ref_id: 'r-1' }))).toEqual(found);
    expect(upstream.safeParse({ ...base, fee_id: 'quote-1' }).success).toBe(true);
  });

  it('rejects missing required fields and unknown networks', () => {
    for (const key of ['profile_id', 'destination_address', 'crypto_network', 'asset'] as const) {
      const body: Record<string, unknown> = { ...base };
      delete body[key];
      expect(upstream.safeParse(body).success, key).toBe(false);
    }
    expect(upstream.safeParse({ ...base, crypto_network: 'APTOS' }).success).toBe(false);
  });

  it('requires a number as a decimal string: no JS numbers, no exponents, more than zero', () => {
    for (const amount of [10.5, '1e3', '-1', '0', '0.000', '1.', ''])
      expect(upstream.safeParse({ ...base, amount }).success, String(amount)).toBe(false);
    expect(upstream.safeParse({ ...base, amount: '.5' }).success).toBe(true);
  });

  it('property: exactly one of amount and total', () => {
    const decimal = fc
      .tuple(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 1, max: 99 }))
      .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.option(decimal, { nil: undefined }),
        fc.option(decimal, { nil: undefined }),
        (amount, total) => {
          const body: Record<string, unknown> = { ...base };
          delete body.amount;
          if (amount !== undefined) body.amount = amount;
          if (total !== undefined) body.total = total;
          const result = upstream.safeParse(body);
          expect(result.success).toBe((amount === undefined) !== (total === undefined));
          if (!result.success)
            expect(messages(result).join('\n')).toMatch(/exactly one of amount .* or total/);
        },
      ),
    );
  });

  it('validates the destination address for its network, naming the cause', () => {
    const result = upstream.safeParse({
      ...base,
      destination_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
    });
    expect(messages(result)).toEqual([
      'destination_address: EIP-55 checksum mismatch: a character or its case is wrong',
    ]);
    const wrongNetwork = upstream.safeParse({ ...base, crypto_network: 'SOLANA' });
    expect(messages(wrongNetwork)).toEqual([
      'destination_address: this is an EVM (Ethereum-style) address, but SOLANA is selected',
    ]);
  });

  it('accepts testnet forms only in a schema built for a sandbox', () => {
    const body = {
      ...base,
      crypto_network: 'BITCOIN',
      asset: 'BTC',
      destination_address: 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    };
    expect(upstream.safeParse(body).success).toBe(false);
    expect(
      createCryptoWithdrawalRequestSchema({ allowTestnet: true }).safeParse(body).success,
    ).toBe(true);
  });

  it('makes ref_id optional upstream and required on the BFF submit', () => {
    expect(upstream.safeParse(base).success).toBe(true);
    const missing = submit.safeParse(base);
    expect(missing.success).toBe(false);
    expect(messages(missing).some((m) => m.startsWith('ref_id:'))).toBe(true);
    expect(
      submit.safeParse({ ...base, ref_id: 'a1b2c3d4-0000-4000-8000-000000000001' }).success,
    ).toBe(true);
    expect(submit.safeParse({ ...base, ref_id: 'has spaces' }).success).toBe(false);
    expect(submit.safeParse({ ...base, ref_id: 'x', extra: 1 }).success).toBe(false);
  });
});

describe('WithdrawalMetadataSchema', () => {
  const text = (min: number, max: number) => fc.string({ minLength: min, maxLength: max });

  it('property: up to 6 pairs of at most 100 characters pass', () => {
    fc.assert(
      fc.property(
        // fast-check can make "__proto__" a key; it is refused by name (tested below), not a pass.
        fc.dictionary(
          text(1, METADATA_MAX_LENGTH).filter((key) => key !== UNSAFE_METADATA_KEY),
          text(0, METADATA_MAX_LENGTH),
          { maxKeys: METADATA_MAX_PAIRS },
        ),
        (metadata) => {
          expect(WithdrawalMetadataSchema.safeParse(metadata).success).toBe(true);
        },
      ),
    );
  });

  it('property: a 7th pair, a key or a value over 100 characters, or a non-string value fails', () => {
    fc.assert(
      fc.property(
        fc.dictionary(text(1, 20), text(0, 20), { minKeys: METADATA_MAX_PAIRS + 1, maxKeys: 12 }),
        (metadata) => {
          expect(WithdrawalMetadataSchema.safeParse(metadata).success).toBe(false);
        },
      ),
    );
    fc.assert(
      fc.property(text(METADATA_MAX_LENGTH + 1, 300), (long) => {
        expect(WithdrawalMetadataSchema.safeParse({ [long]: 'v' }).success).toBe(false);
        expect(WithdrawalMetadataSchema.safeParse({ k: long }).success).toBe(false);
      }),
    );
    expect(WithdrawalMetadataSchema.safeParse({ k: 1 }).success).toBe(false);
    expect(WithdrawalMetadataSchema.safeParse({ '': 'v' }).success).toBe(false);
  });

  it('refuses a __proto__ key (as JSON.parse makes it) by name, never drops it silently', () => {
    // zod's record skips the key: seven pairs with it once passed as six (found by the property).
    const parsed = WithdrawalMetadataSchema.safeParse(JSON.parse('{"a":"1","__proto__":"x"}'));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['__proto__']);
  });

  it('property: metadata holding a __proto__ key is refused, whatever else it holds', () => {
    fc.assert(
      fc.property(
        fc.dictionary(text(1, 20), text(0, 20), { maxKeys: METADATA_MAX_PAIRS - 1 }),
        text(0, 20),
        (rest, value) => {
          // A computed key is an own property, and JSON.parse keeps it as one: as a request body holds it.
          const metadata: unknown = JSON.parse(
            JSON.stringify({ ...rest, [UNSAFE_METADATA_KEY]: value }),
          );
          expect(WithdrawalMetadataSchema.safeParse(metadata).success).toBe(false);
        },
      ),
    );
  });

  it('is applied to the request', () => {
    const seven = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`k${i}`, 'v']));
    expect(upstream.safeParse({ ...base, metadata: seven }).success).toBe(false);
  });
});

describe('TransferSchema (tolerant)', () => {
  const transfer = {
    id: 't-1',
    status: 'PENDING',
    amount: '10.50',
    total: '10.51',
    fee: '0.01',
    asset: 'USDG',
    crypto_network: 'ETHEREUM',
    direction: 'DEBIT',
    type: 'CRYPTO_WITHDRAWAL',
  };

  it('keeps unknown fields', () => {
    const parsed = TransferSchema.parse({ ...transfer, risk_score: 3, new_block: { a: 1 } });
    expect(parsed).toMatchObject({ risk_score: 3, new_block: { a: 1 } });
  });

  it('keeps unknown enum values as their raw strings', () => {
    const parsed = TransferSchema.parse({
      ...transfer,
      status: 'CANCELLED',
      crypto_network: 'APTOS',
      direction: 'SIDEWAYS',
      type: 'CRYPTO_DEPOSIT',
    });
    expect(parsed.status).toBe('CANCELLED');
    expect(parsed.crypto_network).toBe('APTOS');
    expect(parsed.direction).toBe('SIDEWAYS');
    expect(parsed.type).toBe('CRYPTO_DEPOSIT');
  });

  it('property: any non-empty status string parses to itself', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (status) => {
        expect(TransferSchema.parse({ id: 'x', status }).status).toBe(status);
      }),
    );
  });

  it('accepts a record with only its id and status', () => {
    expect(TransferSchema.parse({ id: 't', status: 'COMPLETED' })).toEqual({
      id: 't',
      status: 'COMPLETED',
    });
  });

  it('still refuses what it cannot track: no id, or an id of the wrong type', () => {
    expect(TransferSchema.safeParse({ status: 'PENDING' }).success).toBe(false);
    expect(TransferSchema.safeParse({ id: 7, status: 'PENDING' }).success).toBe(false);
  });

  it('never reads money from a JSON number: the amount is left out and named as unreadable', () => {
    const raw = { id: 't', status: 'PENDING', amount: 10.5, fee: null, asset: 'ETH' };
    const parsed = TransferSchema.parse(raw);
    expect(parsed.amount).toBeUndefined();
    expect(parsed.fee).toBeUndefined();
    expect(parsed.asset).toBe('ETH');
    expect(parsed.unreadable).toEqual({ fields: ['amount'], raw });
  });

  it('reads its own output again unchanged (BFF to SPA)', () => {
    const once = TransferSchema.parse({ id: 't', status: 'PENDING', amount: 10.5 });
    expect(TransferSchema.parse(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });
});

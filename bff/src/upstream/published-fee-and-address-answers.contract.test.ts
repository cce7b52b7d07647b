import { describe, expect, it } from 'vitest';
import { PutAddressAnswerSchema } from '#contract/destination-addresses';
import { FeeQuoteSchema } from '#contract/fee-quotes';

// Answers the service's published document allows (issue 25, item 8), written out by hand apart
// from contract/ so that a drift of the contract's own schemas cannot hide itself.

/** POST /v2/transfer/fees/crypto-withdrawal: optional members may come as JSON null. */
const PUBLISHED_FEE_QUOTE_WITH_NULLS = {
  id: 'fee-1',
  fee: '0.0004',
  asset: 'ETH',
  amount: '0.25',
  total: null,
  expires_at: '2030-01-01T00:00:00Z',
  destination_address: null,
  crypto_network: null,
};

describe('the published fee quote answer', () => {
  it('reads null members as not given, the rest as sent', () => {
    const quote = FeeQuoteSchema.parse(PUBLISHED_FEE_QUOTE_WITH_NULLS);
    expect(quote).toEqual({
      id: 'fee-1',
      fee: '0.0004',
      asset: 'ETH',
      amount: '0.25',
      expires_at: '2030-01-01T00:00:00Z',
    });
  });

  it('names a member of the wrong type instead of failing the quote', () => {
    const quote = FeeQuoteSchema.parse({ ...PUBLISHED_FEE_QUOTE_WITH_NULLS, amount: 0.25 });
    expect(quote.amount).toBeUndefined();
    expect(quote.unreadable?.fields).toEqual(['amount']);
  });

  it('still refuses a quote that cannot be used (no id, fee or expiry)', () => {
    expect(FeeQuoteSchema.safeParse({ ...PUBLISHED_FEE_QUOTE_WITH_NULLS, id: null }).success).toBe(
      false,
    );
    expect(FeeQuoteSchema.safeParse({ ...PUBLISHED_FEE_QUOTE_WITH_NULLS, fee: null }).success).toBe(
      false,
    );
  });
});

describe('the published address upsert answer', () => {
  it('is valid as {}: no address, an outcome the console cannot know', () => {
    expect(PutAddressAnswerSchema.parse({})).toEqual({});
    expect(PutAddressAnswerSchema.parse({ address: { nickname: 'x' } }).address).toBeUndefined();
  });

  it('reads a whole address, nulls as not given', () => {
    const answer = PutAddressAnswerSchema.parse({
      address: { id: 'a-1', address: '0xabc', crypto_network: 'ETHEREUM', nickname: null },
    });
    expect(answer.address).toEqual({ id: 'a-1', address: '0xabc', crypto_network: 'ETHEREUM' });
  });
});

import { describe, expect, it } from 'vitest';
import { feeEstimateMismatches, feeQuoteMismatches } from './fee-quote-match';

// Issue 25, item 3: a quote for ETH was offered on a BTC withdrawal. A quote is compared with the
// withdrawal that would use it, as a transfer is compared with its request.
const ETH = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const btcWithdrawal = {
  asset: 'BTC',
  crypto_network: 'BITCOIN',
  destination_address: BTC,
  amount: '0.5',
};
const ethQuote = {
  id: 'q-1',
  fee: '0.0004',
  asset: 'ETH',
  amount: '0.5',
  expires_at: '2030-01-01T00:00:00Z',
  destination_address: ETH,
  crypto_network: 'ETHEREUM' as const,
};

describe('feeQuoteMismatches', () => {
  it('names every field where an ETH quote does not fit a BTC withdrawal', () => {
    expect(feeQuoteMismatches(ethQuote, btcWithdrawal)).toEqual([
      'asset',
      'crypto_network',
      'destination_address',
    ]);
  });

  it('takes a quote for the same withdrawal, the address in another case on a case-blind network', () => {
    const eth = {
      asset: 'ETH',
      crypto_network: 'ETHEREUM',
      destination_address: ETH.toLowerCase(),
    };
    expect(feeQuoteMismatches(ethQuote, { ...eth, amount: '0.50' })).toEqual([]);
    // An amount smaller than the quote's is within the guarantee (the published rule).
    expect(feeQuoteMismatches(ethQuote, { ...eth, amount: '0.1' })).toEqual([]);
  });

  it('refuses an amount larger than the quote’s, and any total', () => {
    const eth = { asset: 'ETH', crypto_network: 'ETHEREUM', destination_address: ETH };
    expect(feeQuoteMismatches(ethQuote, { ...eth, amount: '0.5000001' })).toEqual(['amount']);
    expect(feeQuoteMismatches(ethQuote, { ...eth, total: '0.5004' })).toEqual(['total']);
    // A quote that does not say its amount guarantees nothing the rule can check.
    const { amount: _amount, ...noAmount } = ethQuote;
    expect(feeQuoteMismatches(noAmount, { ...eth, amount: '0.1' })).toEqual(['amount']);
  });
});

// Issue 28 item 1: a batch's review shows a quote per row as an estimate (never sent as fee_id).
describe('feeEstimateMismatches', () => {
  const eth = { asset: 'ETH', crypto_network: 'ETHEREUM', destination_address: ETH };

  it('holds an amount row to the guaranteed-fee rule whole', () => {
    expect(feeEstimateMismatches(ethQuote, { ...eth, amount: '0.5' })).toEqual([]);
    expect(feeEstimateMismatches(ethQuote, { ...eth, amount: '0.6' })).toEqual(['amount']);
    expect(feeEstimateMismatches(ethQuote, btcWithdrawal)).toEqual([
      'asset',
      'crypto_network',
      'destination_address',
    ]);
  });

  it('takes a quote for the same total as an estimate of a total row, not another total', () => {
    const forTotal = { ...ethQuote, amount: '0.4996', total: '0.5000' };
    expect(feeEstimateMismatches(forTotal, { ...eth, total: '0.5' })).toEqual([]);
    expect(feeEstimateMismatches(forTotal, { ...eth, total: '0.6' })).toEqual(['other_total']);
    // A quote that does not say its total is compared where it can be.
    const { total: _total, ...noTotal } = forTotal;
    expect(feeEstimateMismatches(noTotal, { ...eth, total: '0.6' })).toEqual([]);
    expect(feeEstimateMismatches({ ...forTotal, asset: 'USDG' }, { ...eth, total: '0.5' })).toEqual(
      ['asset'],
    );
  });
});

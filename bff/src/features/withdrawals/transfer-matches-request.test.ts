import { describe, expect, it } from 'vitest';
import { TransferSchema, type SubmitWithdrawalRequest, type Transfer } from '#contract/withdrawals';
import { compareTransferToRequest, transferMatchesRequest } from './transfer-matches-request';

const request: SubmitWithdrawalRequest = {
  profile_id: 'p1',
  destination_address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
  crypto_network: 'ETHEREUM',
  asset: 'USDG',
  amount: '25.00',
  ref_id: 'r1',
};

const existing: Transfer = {
  id: 't1',
  status: 'PENDING',
  ref_id: 'r1',
  profile_id: 'p1',
  destination_address: '0x8cf798a5d316af599dde1d8dbef58a98f47a6ddc',
  crypto_network: 'ETHEREUM',
  asset: 'USDG',
  amount: '25',
  total: '26.5',
  fee: '1.5',
};

describe('transferMatchesRequest', () => {
  it('is the same withdrawal: EVM case and decimal spelling do not matter', () => {
    expect(transferMatchesRequest(existing, request)).toBe(true);
  });

  it('a total request compares the total', () => {
    const byTotal = { ...request, amount: undefined, total: '26.50' };
    expect(transferMatchesRequest(existing, byTotal)).toBe(true);
    expect(transferMatchesRequest(existing, { ...byTotal, total: '26.51' })).toBe(false);
  });

  it.each([
    ['amount', { amount: '25.01' }],
    ['profile', { profile_id: 'p2' }],
    ['asset', { asset: 'USDC' }],
    ['network', { crypto_network: 'BASE' }],
    ['address', { destination_address: '0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318' }],
    ['memo', { memo: 'other' }],
  ] as const)('a different %s is another withdrawal', (_name, change) => {
    const held = { ...existing, memo: 'mine' };
    expect(transferMatchesRequest(held, { ...request, ...change } as SubmitWithdrawalRequest)).toBe(
      false,
    );
  });

  it('base58 addresses are case-sensitive; a missing core field never matches', () => {
    const sol: SubmitWithdrawalRequest = {
      ...request,
      crypto_network: 'SOLANA',
      destination_address: '7nwuiCcGFJQiBrRVbv57L5GZTrimDZF5sFBVwJNnPQbW',
    };
    const held = {
      ...existing,
      crypto_network: 'SOLANA',
      destination_address: sol.destination_address,
    };
    expect(transferMatchesRequest(held, sol)).toBe(true);
    expect(
      transferMatchesRequest(
        { ...held, destination_address: sol.destination_address.toLowerCase() },
        sol,
      ),
    ).toBe(false);
    expect(transferMatchesRequest({ ...held, amount: undefined }, sol)).toBe(false);
  });
});

describe('compareTransferToRequest', () => {
  it('is "unclear" when the record lacks core fields, never "different"', () => {
    const { destination_address: _address, amount: _amount, ...partial } = existing;
    expect(compareTransferToRequest(partial as Transfer, request)).toBe('unclear');
  });

  it('reads JSON nulls as absent, so a null field is "unclear" rather than a refusal', () => {
    const parsed = TransferSchema.parse({ ...existing, profile_id: null, crypto_tx_hash: null });
    expect(parsed.crypto_tx_hash).toBeUndefined();
    expect(compareTransferToRequest(parsed, request)).toBe('unclear');
  });

  it('is "different" as soon as a field both sides carry differs', () => {
    expect(compareTransferToRequest({ ...existing, amount: '7' }, request)).toBe('different');
    expect(compareTransferToRequest({ ...existing, asset: 'USDC' }, request)).toBe('different');
  });

  it('matches a cashaddr with or without its bitcoincash: prefix, in either case', () => {
    const cash = 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';
    const bch: SubmitWithdrawalRequest = {
      ...request,
      crypto_network: 'BITCOIN_CASH',
      asset: 'BCH',
      destination_address: `bitcoincash:${cash}`,
    };
    const held: Transfer = { ...existing, crypto_network: 'BITCOIN_CASH', asset: 'BCH' };
    expect(compareTransferToRequest({ ...held, destination_address: cash }, bch)).toBe('same');
    expect(
      compareTransferToRequest({ ...held, destination_address: cash.toUpperCase() }, bch),
    ).toBe('same');
  });

  it('keeps base58 addresses case-sensitive', () => {
    const legacy = '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu';
    const btc: SubmitWithdrawalRequest = {
      ...request,
      crypto_network: 'BITCOIN',
      asset: 'BTC',
      destination_address: legacy,
    };
    const held: Transfer = {
      ...existing,
      crypto_network: 'BITCOIN',
      asset: 'BTC',
      destination_address: legacy.toLowerCase(),
    };
    expect(compareTransferToRequest(held, btc)).toBe('different');
  });
});

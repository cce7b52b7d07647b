import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { base58 } from '@scure/base';
import { validateSolanaAddress } from './solana';
import { validateAddress } from './index';

describe('validateSolanaAddress', () => {
  it('accepts well-known program and mint addresses', () => {
    for (const address of [
      'So11111111111111111111111111111111111111112', // wrapped SOL mint
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', // USDC mint
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', // SPL Token program
    ])
      expect(validateSolanaAddress(address)).toEqual({
        valid: true,
        testnet: false,
        format: 'base58 public key',
      });
  });

  it('property: any 32 bytes in base58 is a valid address', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (key) => {
        fc.pre(key.some((b) => b !== 0));
        expect(validateSolanaAddress(base58.encode(key)).valid).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('property: any other byte length is refused with its length', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 40 }).filter((b) => b.length !== 32),
        (bytes) => {
          const result = validateSolanaAddress(base58.encode(bytes));
          expect(result.valid).toBe(false);
        },
      ),
    );
  });

  it('names the cause', () => {
    expect(validateSolanaAddress('So1111111111111111111111111111111111111111O')).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/"O", which base58 never uses/),
    });
    expect(validateSolanaAddress('So1111111111111111111')).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/32 to 44 characters; this has 21/),
    });
    // 44 characters that decode to 33 bytes
    expect(validateSolanaAddress('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz')).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/decodes to 33 bytes/),
    });
    expect(validateSolanaAddress('11111111111111111111111111111111')).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/System Program/),
    });
  });

  it('names a Solana address typed for an EVM network, and a Bitcoin address typed for Solana', () => {
    expect(
      validateAddress('BASE', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', {
        allowTestnet: false,
      }),
    ).toEqual({ valid: false, reason: 'this is a Solana address, but BASE is selected' });
    expect(
      validateAddress('SOLANA', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', { allowTestnet: false }),
    ).toEqual({ valid: false, reason: 'this is a Bitcoin address, but SOLANA is selected' });
  });
});

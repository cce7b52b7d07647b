import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '#contract/approvals';
import { findLookAlikes } from '#contract/networks/look-alike';
import { heldAddressesOf } from './held-addresses';
import { heldAddressRequest } from '#web/lib/testing/held-address-request';

const HELD = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';

const pending = (id: string, overrides: Partial<ApprovalRequest> = {}) =>
  heldAddressRequest(id, HELD, 'Treasury (new)', overrides);

describe('heldAddressesOf', () => {
  it('turns each held address change into an entry the look-alike check reads', () => {
    const held = heldAddressesOf([
      pending('apr-1'),
      pending('apr-2', {
        address: {
          request: { crypto_network: 'SOLANA', address: 'So1ana', nickname: '' },
          change: 'travel_rule',
          diff: [],
        },
      }),
    ]);
    expect(held).toEqual([
      {
        key: 'held:apr-1',
        crypto_network: 'ETHEREUM',
        address: HELD,
        nickname: 'Treasury (new)',
        approvalId: 'apr-1',
      },
      // An empty nickname is no nickname (the warning then says "an address held for approval").
      { key: 'held:apr-2', crypto_network: 'SOLANA', address: 'So1ana', approvalId: 'apr-2' },
    ]);
  });

  it('skips withdrawals and requests without a usable address body', () => {
    expect(
      heldAddressesOf([
        pending('apr-w', { kind: 'withdrawal' }),
        pending('apr-none', { address: undefined }),
        pending('apr-bad', {
          address: { request: { crypto_network: 'ETHEREUM' }, change: 'new', diff: [] },
        }),
      ]),
    ).toEqual([]);
  });

  it('a held address is found as a look-alike like a saved one', () => {
    const held = heldAddressesOf([pending('apr-1')]);
    const lookAlike = `0x8cf7${'0'.repeat(32)}6ddc`;
    expect(findLookAlikes(lookAlike, held).map((h) => h.approvalId)).toEqual(['apr-1']);
    // The held address itself (any case) is not its own look-alike.
    expect(findLookAlikes(HELD.toLowerCase(), held)).toEqual([]);
  });
});

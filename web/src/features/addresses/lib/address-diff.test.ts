import { describe, expect, it } from 'vitest';
import { comparableFromSaved, diffAddress } from './address-diff';

describe('diffAddress', () => {
  const saved = comparableFromSaved({
    nickname: 'Treasury',
    bookmarked: false,
    travelrule_metadata: { beneficiary: { self: true }, vasp: { id: 'v-1', name: 'Old VASP' } },
  });

  it('lists exactly the fields that change, before and after', () => {
    const request = {
      crypto_network: 'ETHEREUM',
      address: '0xabc',
      nickname: 'Treasury',
      bookmarked_status: true,
      travelrule_metadata: {
        beneficiary: { self: true },
        vasp: { id: 'v-1', name: 'New VASP' },
        custodian_type: 'VASP',
      },
    };
    expect(diffAddress(saved, request)).toEqual([
      { path: 'bookmarked_status', before: 'false', after: 'true' },
      { path: 'travelrule_metadata.custodian_type', before: undefined, after: 'VASP' },
      { path: 'travelrule_metadata.vasp.name', before: 'Old VASP', after: 'New VASP' },
    ]);
  });

  it('shows a field the request leaves out as removed', () => {
    const changes = diffAddress(saved, {
      nickname: 'Treasury',
      bookmarked_status: false,
      travelrule_metadata: { beneficiary: { self: true } },
    });
    expect(changes).toEqual([
      { path: 'travelrule_metadata.vasp.id', before: 'v-1', after: undefined },
      { path: 'travelrule_metadata.vasp.name', before: 'Old VASP', after: undefined },
    ]);
  });

  it('is empty when nothing changes', () => {
    expect(
      diffAddress(saved, {
        nickname: 'Treasury',
        bookmarked_status: false,
        travelrule_metadata: { vasp: { name: 'Old VASP', id: 'v-1' }, beneficiary: { self: true } },
      }),
    ).toEqual([]);
  });
});

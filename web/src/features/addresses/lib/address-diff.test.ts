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
        vasp: { custom_vasp_name: 'New VASP', custom_vasp_website: 'new.example' },
        custodian_type: 'VASP',
      },
    };
    expect(diffAddress(saved, request)).toEqual([
      { path: 'bookmarked_status', before: 'false', after: 'true' },
      { path: 'travelrule_metadata.custodian_type', before: undefined, after: 'VASP' },
      {
        path: 'travelrule_metadata.vasp.custom_vasp_name',
        before: undefined,
        after: 'New VASP',
      },
      {
        path: 'travelrule_metadata.vasp.custom_vasp_website',
        before: undefined,
        after: 'new.example',
      },
      { path: 'travelrule_metadata.vasp.id', before: 'v-1', after: undefined },
      { path: 'travelrule_metadata.vasp.name', before: 'Old VASP', after: undefined },
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

  it('is empty when nothing changes: the directory names the same id, fields not sent stay', () => {
    expect(
      diffAddress(saved, {
        nickname: 'Treasury',
        bookmarked_status: false,
        travelrule_metadata: { vasp: { id: 'v-1' }, beneficiary: { self: true } },
      }),
    ).toEqual([]);
    expect(diffAddress(saved, { bookmarked_status: false })).toEqual([]);
  });

  it('shows an old-format address turning into the published names', () => {
    const old = comparableFromSaved({
      travelrule_metadata: {
        beneficiary: {
          person_details: {
            first_name: 'A',
            last_name: 'B',
            physical_address: { postal_code: '10115', country_code: 'DE' },
          },
        },
      },
    });
    const pa = 'travelrule_metadata.beneficiary.person_details.physical_address';
    expect(
      diffAddress(old, {
        travelrule_metadata: {
          beneficiary: {
            person_details: {
              first_name: 'A',
              last_name: 'B',
              physical_address: { country: 'DEU', zip_code: '10115' },
            },
          },
        },
      }),
    ).toEqual([
      { path: `${pa}.country`, before: undefined, after: 'DEU' },
      { path: `${pa}.country_code`, before: 'DE', after: undefined },
      { path: `${pa}.postal_code`, before: '10115', after: undefined },
      { path: `${pa}.zip_code`, before: undefined, after: '10115' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { UNSAFE_METADATA_KEY_MESSAGE } from '#contract/withdrawals';
import { metadataObjectToPairs, metadataPairsToObject } from './metadata-pairs';

describe('metadataPairsToObject', () => {
  it('turns filled rows into an object and ignores blank rows', () => {
    const result = metadataPairsToObject([
      { key: 'invoice', value: 'INV-7' },
      { key: '', value: '' },
      { key: ' desk ', value: 'otc' },
    ]);
    expect(result).toEqual({ metadata: { invoice: 'INV-7', desk: 'otc' }, errors: [] });
  });

  it('gives no metadata at all when every row is blank', () => {
    expect(metadataPairsToObject([{ key: '', value: ' ' }])).toEqual({
      metadata: undefined,
      errors: [],
    });
    expect(metadataPairsToObject([])).toEqual({ metadata: undefined, errors: [] });
  });

  it('refuses a value without a key, a duplicate key, and too long keys or values', () => {
    const long = 'x'.repeat(101);
    const { errors } = metadataPairsToObject([
      { key: '', value: 'orphan' },
      { key: 'a', value: '1' },
      { key: 'a', value: '2' },
      { key: long, value: 'v' },
      { key: 'b', value: long },
    ]);
    expect(errors).toEqual([
      { path: 'metadata.0.key', message: 'Give this value a key' },
      { path: 'metadata.2.key', message: 'The key "a" is already used above' },
      { path: 'metadata.3.key', message: 'Keys are at most 100 characters' },
      { path: 'metadata.4.value', message: 'Values are at most 100 characters' },
    ]);
  });

  it('refuses the key __proto__ inline instead of losing its pair', () => {
    // Assigned to an object, it sets the prototype: the pair vanished and the rest was sent.
    const { metadata, errors } = metadataPairsToObject([
      { key: 'invoice', value: 'INV-7' },
      { key: '__proto__', value: 'x' },
    ]);
    expect(errors).toEqual([{ path: 'metadata.1.key', message: UNSAFE_METADATA_KEY_MESSAGE }]);
    expect(metadata).toEqual({ invoice: 'INV-7' });
  });

  it('accepts exactly 100 characters and at most three pairs (the console stamps three)', () => {
    const hundred = 'y'.repeat(100);
    const three = Array.from({ length: 3 }, (_, i) => ({ key: `k${i}`, value: hundred }));
    expect(metadataPairsToObject(three).errors).toEqual([]);
    const four = [...three, { key: 'k3', value: 'v' }];
    const result = metadataPairsToObject(four);
    expect(result.errors).toEqual([
      {
        path: 'metadata.3.key',
        message: 'At most 3 metadata pairs of your own (the console adds 3)',
      },
    ]);
    expect(Object.keys(result.metadata ?? {})).toHaveLength(3);
  });

  it('refuses the console attribution keys inline', () => {
    const result = metadataPairsToObject([{ key: 'aoc_approved_by', value: 'me' }]);
    expect(result.errors).toEqual([
      {
        path: 'metadata.0.key',
        message:
          '"aoc_approved_by" is written by the console (who initiated and approved the withdrawal): choose another key',
      },
    ]);
  });

  it('refuses the console attribution keys in any case, naming the key they spell', () => {
    for (const key of ['AOC_APPROVED_BY', 'Aoc_Approved_By', 'aoc_APPROVED_by']) {
      const result = metadataPairsToObject([{ key, value: 'me' }]);
      expect(result.metadata).toBeUndefined();
      expect(result.errors).toEqual([
        { path: 'metadata.0.key', message: expect.stringContaining('spells "aoc_approved_by"') },
      ]);
    }
  });

  it('round-trips through metadataObjectToPairs', () => {
    const metadata = { invoice: 'INV-7', desk: 'otc' };
    expect(metadataPairsToObject(metadataObjectToPairs(metadata)).metadata).toEqual(metadata);
    expect(metadataObjectToPairs(undefined)).toEqual([]);
  });
});

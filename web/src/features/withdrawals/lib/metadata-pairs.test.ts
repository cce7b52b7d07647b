import { describe, expect, it } from 'vitest';
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

  it('accepts exactly 100 characters and at most six pairs', () => {
    const hundred = 'y'.repeat(100);
    const six = Array.from({ length: 6 }, (_, i) => ({ key: `k${i}`, value: hundred }));
    expect(metadataPairsToObject(six).errors).toEqual([]);
    const seven = [...six, { key: 'k6', value: 'v' }];
    const result = metadataPairsToObject(seven);
    expect(result.errors).toEqual([
      { path: 'metadata.6.key', message: 'At most 6 metadata pairs' },
    ]);
    expect(Object.keys(result.metadata ?? {})).toHaveLength(6);
  });

  it('round-trips through metadataObjectToPairs', () => {
    const metadata = { invoice: 'INV-7', desk: 'otc' };
    expect(metadataPairsToObject(metadataObjectToPairs(metadata)).metadata).toEqual(metadata);
    expect(metadataObjectToPairs(undefined)).toEqual([]);
  });
});

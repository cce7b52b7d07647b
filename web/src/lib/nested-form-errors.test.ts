import { describe, expect, it } from 'vitest';
import { toNestedErrors } from './nested-form-errors';

describe('toNestedErrors', () => {
  it('nests dotted paths the way react-hook-form looks them up', () => {
    expect(
      toNestedErrors({
        profile_id: 'Required',
        'metadata.1.key': 'Give this value a key',
        'a.b': 'x',
      }),
    ).toEqual({
      profile_id: { type: 'validate', message: 'Required' },
      metadata: { 1: { key: { type: 'validate', message: 'Give this value a key' } } },
      a: { b: { type: 'validate', message: 'x' } },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { activityQueryRecord } from './transfers-page-api';

describe('activityQueryRecord', () => {
  it('keeps a repeated type a list and drops absent filters', () => {
    expect(
      activityQueryRecord({ type: ['CRYPTO_WITHDRAWAL', 'WIRE_DEPOSIT'], order: 'asc', limit: 50 }),
    ).toEqual({ type: ['CRYPTO_WITHDRAWAL', 'WIRE_DEPOSIT'], order: 'asc', limit: '50' });
    expect(activityQueryRecord({ status: undefined })).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { normaliseEntityId, parseEntityId } from './entity-id';

const ID = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';

describe('parseEntityId', () => {
  it('accepts a UUID in any case and answers it lower-case, trimmed', () => {
    expect(parseEntityId(` ${ID.toUpperCase()}\n`, 'customer id')).toEqual({ ok: true, id: ID });
  });

  it('refuses a truncated UUID, saying how much is there', () => {
    const result = parseEntityId(ID.slice(0, 23), 'profile id');
    expect(result).toEqual({
      ok: false,
      message: 'This profile id looks cut off (23 of 36 characters): paste the whole id',
    });
  });

  it('refuses an empty value and something that is not a UUID', () => {
    expect(parseEntityId('  ', 'customer id')).toEqual({
      ok: false,
      message: 'Enter the customer id',
    });
    expect(parseEntityId('alice@example.com', 'customer id').ok).toBe(false);
    expect(parseEntityId(`${ID}0`, 'customer id').ok).toBe(false);
  });

  it('normalises only UUIDs', () => {
    expect(normaliseEntityId(ID.toUpperCase())).toBe(ID);
    expect(normaliseEntityId(' Other ')).toBe('Other');
  });
});

import { describe, expect, it } from 'vitest';
import { likeContaining, likeEndingWith, likeStartingWith } from './like-pattern';
import { ALL_BACKENDS, skipWithoutServer, storeForSuite } from './testing/test-stores';

describe('LIKE patterns from literal text', () => {
  it('escapes %, _ and the escape character, and nothing else', () => {
    expect(likeStartingWith('ETHEREUM:0xab')).toBe('ETHEREUM:0xab%');
    expect(likeContaining('50%_off')).toBe('%50\\%\\_off%');
    expect(likeEndingWith('a\\b')).toBe('%a\\\\b');
    expect(likeStartingWith('')).toBe('%');
  });
});

describe.each(ALL_BACKENDS)('LIKE patterns on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const store = storeForSuite(backend, 'test_like_pattern');

  const matches = async (text: string, pattern: string) =>
    (
      await store.db.query<{ m: boolean }>('SELECT $1::text LIKE $2::text AS m', [text, pattern])
    )[0]!.m;

  it('a wildcard in the text matches only itself', async () => {
    expect(await matches('50%_off sale', likeStartingWith('50%_off'))).toBe(true);
    expect(await matches('50xyoff sale', likeStartingWith('50%_off'))).toBe(false);
    expect(await matches('it is 50%_off', likeContaining('%_'))).toBe(true);
    expect(await matches('it is 50 off', likeContaining('%_'))).toBe(false);
    expect(await matches('C:\\dir', likeEndingWith('\\dir'))).toBe(true);
    expect(await matches('C:/dir', likeEndingWith('\\dir'))).toBe(false);
  });
});

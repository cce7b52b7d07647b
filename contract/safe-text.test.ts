import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unsafeTextReason, checkSafeText, storableText } from './safe-text';

describe('unsafeTextReason', () => {
  it('accepts ordinary text, accents and surrogate pairs', () => {
    for (const text of ['', 'plain', 'José Müller', 'Cold 🧊', '\uD83D\uDE00']) {
      expect(unsafeTextReason(text)).toBeUndefined();
    }
  });

  it('refuses NUL and lone surrogate halves anywhere', () => {
    for (const text of [
      '\u0000',
      'a\u0000',
      '\uD800',
      'a\uD800b',
      '\uDC00',
      'x\uDFFF',
      '\uDE00\uD83D',
    ]) {
      expect(unsafeTextReason(text)).toBeDefined();
    }
  });
});

describe('checkSafeText', () => {
  const schema = z.record(z.string(), z.unknown()).superRefine(checkSafeText);

  it('names the path of each offending string or key, at any depth', () => {
    const result = schema.safeParse({ ok: 'fine', a: { b: ['x', 'y\u0000'] }, 'k\uD800': 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['a.b.1', 'k\uD800']);
  });
});

describe('storableText', () => {
  it('replaces each NUL and lone surrogate half by U+FFFD, and keeps pairs', () => {
    expect(storableText('a\u0000b\uD800c\uDC00d\uD83D\uDE00')).toBe(
      'a\uFFFDb\uFFFDc\uFFFDd\uD83D\uDE00',
    );
    expect(storableText('\uDE00\uD83D')).toBe('\uFFFD\uFFFD');
    expect(storableText('José Müller')).toBe('José Müller');
  });
});

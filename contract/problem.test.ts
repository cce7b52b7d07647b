import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProblemSchema, fieldErrorsFromZod } from './problem';

describe('Problem (RFC 9457, tolerant)', () => {
  it('defaults type to about:blank and keeps extension members', () => {
    const parsed = ProblemSchema.parse({
      title: 'Insufficient Funds',
      status: 403,
      meta: { available: '1.00' },
      trace: 'abc',
    });
    expect(parsed).toMatchObject({
      type: 'about:blank',
      trace: 'abc',
      meta: { available: '1.00' },
    });
  });

  it('maps zod issues to dotted field paths', () => {
    const schema = z.strictObject({ a: z.strictObject({ b: z.string() }) });
    const result = schema.safeParse({ a: { b: 1 } });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrorsFromZod(result.error)[0]?.path).toBe('a.b');
  });
});

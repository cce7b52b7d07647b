import { describe, expect, it } from 'vitest';
import { OAuthErrorSchema, TokenResponseSchema } from './oauth';

describe('TokenResponse (tolerant)', () => {
  it('keeps unknown fields, accepts any case of bearer, and requires a positive lifetime', () => {
    const parsed = TokenResponseSchema.parse({
      access_token: 't',
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_hint: 'none',
    });
    expect(parsed).toMatchObject({ refresh_hint: 'none', expires_in: 3600 });
    expect(
      TokenResponseSchema.safeParse({ access_token: 't', token_type: 'mac', expires_in: 1 })
        .success,
    ).toBe(false);
    expect(
      TokenResponseSchema.safeParse({ access_token: 't', token_type: 'bearer', expires_in: 0 })
        .success,
    ).toBe(false);
  });

  it('keeps an unknown OAuth error code as is', () => {
    expect(OAuthErrorSchema.parse({ error: 'slow_down' }).error).toBe('slow_down');
  });
});

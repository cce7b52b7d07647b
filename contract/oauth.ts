import { z } from 'zod';

/** RFC 6749 4.4: the client-credentials token request (form fields). */
export const TokenRequestSchema = z.looseObject({
  grant_type: z.string(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  scope: z.string().optional(),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'token_type must be bearer'),
  expires_in: z.coerce.number().int().positive(),
  scope: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const OAuthErrorSchema = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
});

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Env } from '../config';
import { refuse } from '#bff/lib/env-rules';

/**
 * Where the upstream is: configured (remote, with all of its credentials), or the local sandbox
 * the server starts in-process when UPSTREAM_BASE_URL is unset.
 */
export const UpstreamSchema = z.custom<Env>().transform((e, ctx) => {
  if (!e.UPSTREAM_BASE_URL) {
    // Half a configuration would silently fall back to the local sandbox: refuse instead.
    const half = [
      e.UPSTREAM_TOKEN_URL,
      e.UPSTREAM_CLIENT_ID,
      e.UPSTREAM_CLIENT_SECRET,
      e.UPSTREAM_CLIENT_SECRET_FILE,
    ].some(Boolean);
    const message = 'is required when other UPSTREAM_* credentials are set';
    if (half) return refuse(ctx, message, 'UPSTREAM_BASE_URL');
    return { mode: 'local' as const };
  }
  const needed = 'is required when UPSTREAM_BASE_URL is set';
  if (!e.UPSTREAM_TOKEN_URL) return refuse(ctx, needed, 'UPSTREAM_TOKEN_URL');
  if (!e.UPSTREAM_CLIENT_ID) return refuse(ctx, needed, 'UPSTREAM_CLIENT_ID');
  if (e.UPSTREAM_CLIENT_SECRET && e.UPSTREAM_CLIENT_SECRET_FILE) {
    const message = 'and UPSTREAM_CLIENT_SECRET are both set: give one';
    return refuse(ctx, message, 'UPSTREAM_CLIENT_SECRET_FILE');
  }
  let clientSecret = e.UPSTREAM_CLIENT_SECRET;
  if (e.UPSTREAM_CLIENT_SECRET_FILE) {
    try {
      clientSecret = readFileSync(e.UPSTREAM_CLIENT_SECRET_FILE, 'utf8').trim();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      return refuse(ctx, `cannot be read (${code})`, 'UPSTREAM_CLIENT_SECRET_FILE');
    }
  }
  if (!clientSecret)
    return refuse(ctx, `${needed} (or UPSTREAM_CLIENT_SECRET_FILE)`, 'UPSTREAM_CLIENT_SECRET');
  return {
    mode: 'remote' as const,
    baseUrl: e.UPSTREAM_BASE_URL.replace(/\/+$/, ''),
    tokenUrl: e.UPSTREAM_TOKEN_URL,
    clientId: e.UPSTREAM_CLIENT_ID,
    clientSecret,
  };
});

export type UpstreamConfig = z.output<typeof UpstreamSchema>;

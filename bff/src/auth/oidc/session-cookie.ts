import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

// The browser's side of AUTH_MODE=oidc: an opaque random id in a __Host- cookie (Secure, no
// Domain, Path=/: only this origin can set or read it), never a token. The store keeps only the
// id's SHA-256, and nothing logs either (the logger redacts the Cookie and Set-Cookie headers).

export const SESSION_COOKIE = '__Host-aoc_session';
/** The sign-in in progress (login → provider → callback), for ten minutes at most. */
export const LOGIN_COOKIE = '__Host-aoc_login';
export const LOGIN_ATTEMPT_MS = 10 * 60_000;

/** 32 random bytes as base64url: exactly 43 characters of [A-Za-z0-9_-]. */
const ID_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function newOpaqueId(): string {
  return randomBytes(32).toString('base64url');
}

export function hashOpaqueId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/**
 * The named cookie's value when the request carries it exactly once in our format. Anything else
 * (absent, twice, oversized, not ours) is no cookie: the request is then simply signed out.
 */
export function readOpaqueCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (header === undefined) return undefined;
  let found: string | undefined;
  let seen = 0;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    seen++;
    found = part.slice(eq + 1).trim();
  }
  return seen === 1 && found !== undefined && ID_FORMAT.test(found) ? found : undefined;
}

const ATTRIBUTES = 'Path=/; HttpOnly; Secure; SameSite=Lax';

export function setOpaqueCookie(res: Response, name: string, id: string, maxAgeMs: number): void {
  appendSetCookie(res, `${name}=${id}; ${ATTRIBUTES}; Max-Age=${Math.floor(maxAgeMs / 1000)}`);
}

export function clearCookie(res: Response, name: string): void {
  appendSetCookie(res, `${name}=; ${ATTRIBUTES}; Max-Age=0`);
}

function appendSetCookie(res: Response, cookie: string): void {
  const current = res.getHeader('Set-Cookie');
  const list = Array.isArray(current) ? current : current === undefined ? [] : [String(current)];
  res.setHeader('Set-Cookie', [...list, cookie]);
}

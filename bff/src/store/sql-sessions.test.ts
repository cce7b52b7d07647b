import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_BACKENDS, skipWithoutServer, storeForSuite } from './testing/test-stores';
import type { SessionStore } from './session-port';

// The session store's rules on both backends: expiry judged by the caller's clock, the idle
// expiry never past the absolute one, attempts and logout token ids taken once, the sweep.

const T0 = new Date('2026-11-29T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe.each(ALL_BACKENDS)('sql sessions (%s)', (backend) => {
  if (skipWithoutServer(backend)) return;
  const store = storeForSuite(backend, 'sql_sessions');
  let sessions: SessionStore;
  beforeAll(() => {
    sessions = store.sessions!;
  });

  const create = (idHash: string, extra: { sid?: string; subject?: string } = {}) =>
    sessions.create({
      idHash,
      subject: extra.subject ?? 'ana',
      email: 'ana@corp.test',
      name: 'Ana',
      groups: ['ops', 'öps-ünicode'],
      ...(extra.sid ? { sid: extra.sid } : {}),
      idToken: 'eyJ.id.token',
      createdAt: T0,
      idleExpiresAt: at(30),
      expiresAt: at(120),
    });

  it('finds a session until its idle or absolute expiry; touch never passes the absolute one', async () => {
    await create('h1');
    expect(await sessions.find('h1', at(29))).toMatchObject({
      subject: 'ana',
      email: 'ana@corp.test',
      groups: ['ops', 'öps-ünicode'],
      idToken: 'eyJ.id.token',
    });
    expect(await sessions.find('h1', at(30))).toBeUndefined();
    await sessions.touch('h1', at(500));
    const touched = await sessions.find('h1', at(100));
    expect(touched?.idleExpiresAt.toISOString()).toBe(at(120).toISOString());
    expect(await sessions.find('h1', at(120))).toBeUndefined();
  });

  it('ends by provider session (sid, of that subject) or by subject', async () => {
    await create('h2', { sid: 'sid-a' });
    await create('h3', { sid: 'sid-b' });
    await create('h4', { subject: 'ben', sid: 'sid-a' });
    expect(await sessions.endByProvider({ sid: 'sid-a', subject: 'ana' })).toBe(1);
    expect(await sessions.find('h3', at(1))).toBeDefined();
    expect(await sessions.find('h4', at(1))).toBeDefined();
    expect(await sessions.endByProvider({ subject: 'ana' })).toBeGreaterThanOrEqual(1);
    expect(await sessions.find('h3', at(1))).toBeUndefined();
    expect(await sessions.endByProvider({})).toBe(0);
    expect((await sessions.end('h4'))?.subject).toBe('ben');
    expect(await sessions.end('h4')).toBeUndefined();
  });

  it('takes a sign-in attempt once, and not after it expired; a logout token id once', async () => {
    const attempt = { state: 's', nonce: 'n', codeVerifier: 'v', returnTo: '/audit' };
    await sessions.saveLoginAttempt('a1', attempt, at(10));
    expect(await sessions.takeLoginAttempt('a1', at(1))).toEqual(attempt);
    expect(await sessions.takeLoginAttempt('a1', at(1))).toBeUndefined();
    await sessions.saveLoginAttempt('a2', attempt, at(10));
    expect(await sessions.takeLoginAttempt('a2', at(10))).toBeUndefined();
    expect(await sessions.useLogoutTokenId('jti-1', at(10))).toBe(true);
    expect(await sessions.useLogoutTokenId('jti-1', at(10))).toBe(false);
  });

  it('sweeps what expired and keeps the rest', async () => {
    await create('h5');
    await sessions.saveLoginAttempt(
      'a3',
      { state: 's', nonce: 'n', codeVerifier: 'v', returnTo: '/' },
      at(10),
    );
    await sessions.useLogoutTokenId('jti-2', at(10));
    expect(await sessions.sweep(at(5))).toBe(0);
    const swept = await sessions.sweep(at(31));
    expect(swept).toBeGreaterThanOrEqual(3);
    const left = await store.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM sessions)::int + (SELECT count(*) FROM oidc_login_attempts)::int
            + (SELECT count(*) FROM oidc_logout_token_ids)::int AS n`,
    );
    expect(left[0]!.n).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SCOPES } from '#contract/scopes';
import { createSandbox, DEFAULT_CLIENT, type RunningSandbox, type Sandbox } from '#sandbox/index';
import { createLogger } from '../logger';
import { createMetrics } from '../lib/metrics';
import { createTokenProvider, type TokenProvider } from './token-provider';

describe('token provider', () => {
  let sandbox: Sandbox;
  let running: RunningSandbox;
  let clock = 0;
  let tokens: TokenProvider;

  beforeAll(async () => {
    // Tokens live 600 s: renewed 60 s before they expire.
    sandbox = createSandbox({ tokenTtlSeconds: 600 });
    running = await sandbox.listen(0, '127.0.0.1');
    clock = Date.now();
    tokens = createTokenProvider({
      tokenUrl: `${running.url}/oauth2/token`,
      clientId: DEFAULT_CLIENT.client_id,
      clientSecret: DEFAULT_CLIENT.client_secret,
      logger: createLogger('silent'),
      metrics: createMetrics(),
      now: () => clock,
    });
  });
  afterAll(async () => {
    await tokens.close();
    await running.close();
  });

  const issued = () => sandbox.stats().tokenRequests.issued;

  it('shares one token request among concurrent callers, per scope', async () => {
    const [a, b, c] = await Promise.all([
      tokens.getToken(SCOPES.listStatements),
      tokens.getToken(SCOPES.listStatements),
      tokens.getToken(SCOPES.putCryptoDestinationAddress),
    ]);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(sandbox.stats().tokenRequests.byScope).toEqual({
      [SCOPES.listStatements]: 1,
      [SCOPES.putCryptoDestinationAddress]: 1,
    });
  });

  it('answers a fresh token without a request, and none once it is due for renewal', async () => {
    expect(tokens.freshToken(SCOPES.createCryptoWithdrawal)).toBeUndefined();
    const before = issued();
    const token = await tokens.getToken(SCOPES.createCryptoWithdrawal);
    expect(tokens.freshToken(SCOPES.createCryptoWithdrawal)).toBe(token);
    expect(issued()).toBe(before + 1);
    // Inside the renewal margin (60 s before expiry) it is getToken's to renew: not fresh.
    clock += 540_001;
    expect(tokens.freshToken(SCOPES.createCryptoWithdrawal)).toBeUndefined();
    clock -= 540_001; // the other tests' tokens keep their times
    expect(tokens.freshToken(SCOPES.createCryptoWithdrawal)).toBe(token);
    tokens.invalidate(SCOPES.createCryptoWithdrawal, token);
    expect(tokens.freshToken(SCOPES.createCryptoWithdrawal)).toBeUndefined();
  });

  it('renews in the background before expiry, answering with the current token meanwhile', async () => {
    const before = issued();
    const current = await tokens.getToken(SCOPES.listStatements);
    clock += 550_000; // inside the renewal margin, still valid
    expect(await tokens.getToken(SCOPES.listStatements)).toBe(current);
    expect(await tokens.getToken(SCOPES.listStatements)).toBe(current);
    // The renewal runs in the background: wait for it, however slow the machine (the sandbox
    // counts the token when it answers; the provider has it once it recorded the answer).
    await vi.waitFor(
      () => {
        expect(issued()).toBe(before + 1);
        expect(tokens.state().lastSuccessAt).toBe(clock);
      },
      { timeout: 5_000 },
    );
    const renewed = await tokens.getToken(SCOPES.listStatements);
    expect(renewed).not.toBe(current);
    expect(issued()).toBe(before + 1);
  });

  it('fetches a new token once the cached one expired, and after invalidate()', async () => {
    const current = await tokens.getToken(SCOPES.listStatements);
    clock += 700_000;
    const next = await tokens.getToken(SCOPES.listStatements);
    expect(next).not.toBe(current);
    tokens.invalidate(SCOPES.listStatements, 'some-other-token');
    expect(await tokens.getToken(SCOPES.listStatements)).toBe(next);
    tokens.invalidate(SCOPES.listStatements, next);
    expect(await tokens.getToken(SCOPES.listStatements)).not.toBe(next);
  });
});

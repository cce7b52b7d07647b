import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '#contract/scopes';
import { BASIC_CLIENT, createSandbox, type RunningSandbox, type Sandbox } from '#sandbox/index';
import { HttpProblem } from '../http/http-problem';
import { createLogger } from '../logger';
import { createMetrics } from '../lib/metrics';
import { createCompanionFeatureGate, NOT_GRANTED_RECHECK_MS } from './companion-features';
import { ScopeNotGrantedError } from './scope-not-granted';
import { createTokenProvider, type TokenProvider } from './token-provider';

describe('companion features for a client without their scopes', () => {
  let sandbox: Sandbox;
  let running: RunningSandbox;
  let tokens: TokenProvider;
  let clock = Date.now();

  beforeAll(async () => {
    sandbox = createSandbox();
    running = await sandbox.listen(0, '127.0.0.1');
    tokens = createTokenProvider({
      tokenUrl: `${running.url}/oauth2/token`,
      clientId: BASIC_CLIENT.client_id,
      clientSecret: BASIC_CLIENT.client_secret,
      logger: createLogger('silent'),
      metrics: createMetrics(),
    });
  });
  afterAll(async () => {
    await tokens.close();
    await running.close();
  });

  it('invalid_scope is a ScopeNotGrantedError (403), not an outage', async () => {
    const error = await tokens.getToken(SCOPES.readTransfer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScopeNotGrantedError);
    expect((error as HttpProblem).problem).toMatchObject({
      status: 403,
      title: 'Feature Unavailable',
    });
    // The core scopes still work for this client.
    await expect(tokens.getToken(SCOPES.listStatements)).resolves.toEqual(expect.any(String));
  });

  it('a refused scope turns its feature off, is remembered, and is asked again later', async () => {
    const gate = createCompanionFeatureGate({
      tokens,
      logger: createLogger('silent'),
      now: () => clock,
    });
    const first = await gate.states();
    // Every feature behind a companion scope is off; the VASP directory is published with no
    // scope, so a client with only the core scopes has it (issue 25, item 1).
    const { vasp_directory: directory, ...scoped } = first;
    expect(Object.values(scoped).every((f) => !f.enabled)).toBe(true);
    expect(directory).toEqual({ enabled: true });
    expect(first.fee_quotes.reason).toContain(SCOPES.writeCryptoWithdrawalFee);
    const asked = sandbox.stats().tokenRequests.total;
    await gate.states();
    await expect(gate.require('transfer_status')).rejects.toBeInstanceOf(HttpProblem);
    await expect(gate.require('vasp_directory')).resolves.toBeUndefined();
    expect(sandbox.stats().tokenRequests.total).toBe(asked);
    clock += NOT_GRANTED_RECHECK_MS;
    await gate.state('transfer_status');
    expect(sandbox.stats().tokenRequests.total).toBe(asked + 1);
  });
});

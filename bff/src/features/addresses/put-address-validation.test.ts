import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '../../../../contract/problem';
import { createRecordingStore } from '../../../test-support/recording-store';
import { startTestBff, type TestBff } from '../../../test-support/start-test-bff';

// The contract's validators are the BFF's final word: an address they refuse is a 400 problem
// naming the cause, and nothing reaches the upstream.

const putCalls = (bff: TestBff) =>
  bff.sandbox.stats().requests['PUT /v2/transfer/crypto-destination-address'] ?? 0;

async function put(bff: TestBff, crypto_network: string, address: string) {
  const res = await bff.request('PUT', '/api/addresses', { body: { crypto_network, address } });
  const problem = ProblemSchema.parse(res.body);
  return {
    status: res.status,
    message: problem.errors?.find((e) => e.path === 'address')?.message,
  };
}

describe('PUT /api/addresses refuses addresses the validators reject', () => {
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff({ deps: { store: createRecordingStore() } });
  });
  afterAll(() => bff.close());

  it('names an EIP-55 checksum mismatch', async () => {
    // EIP-55's own vector with the case of one letter flipped (A -> a in "5aAeb").
    const result = await put(bff, 'ETHEREUM', '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(result.status).toBe(400);
    expect(result.message).toMatch(/EIP-55 checksum mismatch/);
    expect(putCalls(bff)).toBe(0);
  });

  it('names a Bitcoin address typed for Litecoin', async () => {
    const result = await put(bff, 'LITECOIN', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    expect(result.status).toBe(400);
    expect(result.message).toMatch(/Bitcoin address, but LITECOIN is selected/);
    expect(putCalls(bff)).toBe(0);
  });
});

describe('in production, testnet addresses are refused', () => {
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff({
      deps: {
        store: createRecordingStore(),
        environment: { kind: 'production', name: 'Production', allow_testnet: false },
      },
    });
  });
  afterAll(() => bff.close());

  it('refuses a Bitcoin testnet address with the reason', async () => {
    const result = await put(bff, 'BITCOIN', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
    expect(result.status).toBe(400);
    expect(result.message).toMatch(/testnet/);
    expect(putCalls(bff)).toBe(0);
  });
});

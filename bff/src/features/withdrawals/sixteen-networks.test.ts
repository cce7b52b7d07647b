import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRYPTO_NETWORKS, type CryptoNetwork } from '#contract/crypto-network';
import type { AddressFamilyId } from '#contract/networks/families';
import { NETWORK_REGISTRY } from '#contract/networks/registry';
import { TransferSchema } from '#contract/withdrawals';
import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import { NETWORK_FEES } from '#sandbox/state/pricing';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';

// Requests on every one of the service's sixteen networks are valid: through the BFF's contract
// check, to the local upstream, and back as a created transfer.

// One destination per address family: every network of a family takes the same form.
const DESTINATION_OF_FAMILY: Record<AddressFamilyId, string> = {
  bitcoin: SAMPLE_ADDRESSES.bitcoinSegwit,
  litecoin: SAMPLE_ADDRESSES.litecoinSegwit,
  'bitcoin-cash': SAMPLE_ADDRESSES.bitcoinCash,
  solana: SAMPLE_ADDRESSES.solanaB,
  stellar: SAMPLE_ADDRESSES.stellarB,
  dogecoin: SAMPLE_ADDRESSES.dogecoinA,
  sui: SAMPLE_ADDRESSES.suiA,
  evm: SAMPLE_ADDRESSES.evmC,
};
const DESTINATION = Object.fromEntries(
  CRYPTO_NETWORKS.map((n) => [n, DESTINATION_OF_FAMILY[NETWORK_REGISTRY[n].family]]),
) as Record<CryptoNetwork, string>;

describe('POST /api/withdrawals on each of the sixteen networks', () => {
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' } });
    await bff.request('GET', '/api/withdrawals');
  }, 120_000);
  afterAll(() => bff.close());

  it.each(CRYPTO_NETWORKS)('%s: created upstream', async (network) => {
    const asset = Object.keys(NETWORK_FEES[network])[0] as string;
    const refId = `sixteen-${network}-${Date.now()}`;
    const res = await bff.request('POST', '/api/withdrawals', {
      body: {
        profile_id: SEED_IDS.exampleProfile,
        destination_address: DESTINATION[network],
        crypto_network: network,
        asset,
        amount: '0.01',
        ref_id: refId,
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(TransferSchema.parse(res.body)).toMatchObject({ crypto_network: network, asset });
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRYPTO_NETWORKS, type CryptoNetwork } from '#contract/crypto-network';
import { TransferSchema } from '#contract/withdrawals';
import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import { NETWORK_FEES } from '#sandbox/state/pricing';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';

// Requests on every one of the service's sixteen networks are valid: through the BFF's contract
// check, to the local upstream, and back as a created transfer.

const DESTINATION: Record<CryptoNetwork, string> = {
  BITCOIN: SAMPLE_ADDRESSES.bitcoinSegwit,
  LITECOIN: SAMPLE_ADDRESSES.litecoinSegwit,
  BITCOIN_CASH: SAMPLE_ADDRESSES.bitcoinCash,
  SOLANA: SAMPLE_ADDRESSES.solanaB,
  STELLAR: SAMPLE_ADDRESSES.stellarB,
  DOGECOIN: SAMPLE_ADDRESSES.dogecoinA,
  SUI: SAMPLE_ADDRESSES.suiA,
  ETHEREUM: SAMPLE_ADDRESSES.evmC,
  POLYGON_POS: SAMPLE_ADDRESSES.evmC,
  BASE: SAMPLE_ADDRESSES.evmC,
  ARBITRUM_ONE: SAMPLE_ADDRESSES.evmC,
  INK: SAMPLE_ADDRESSES.evmC,
  XLAYER: SAMPLE_ADDRESSES.evmC,
  AVALANCHE: SAMPLE_ADDRESSES.evmC,
  BNB: SAMPLE_ADDRESSES.evmC,
  ROBINHOOD: SAMPLE_ADDRESSES.evmC,
};

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

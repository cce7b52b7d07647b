import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';

/**
 * A POST /api/withdrawals body the local upstream accepts: 25 USDG from the seeded profile to the
 * seeded Ethereum address (whose Travel Rule data the service holds). Tests override what their
 * story needs (the amount for a tier, the asset, a memo).
 */
export function withdrawalBody(refId: string, overrides: Record<string, unknown> = {}) {
  return {
    profile_id: SEED_IDS.exampleProfile,
    destination_address: SAMPLE_ADDRESSES.evmA,
    crypto_network: 'ETHEREUM',
    asset: 'USDG',
    amount: '25.00',
    ref_id: refId,
    ...overrides,
  };
}

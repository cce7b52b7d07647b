import { networkFacts } from '#contract/networks/registry';

/** Hashes are hex (optionally 0x) or base58/base64url: anything else gets no link. */
const SAFE_HASH = /^[0-9A-Za-z_-]{16,128}$|^0x[0-9a-fA-F]{16,128}$/;

/**
 * A public block explorer's page for a transaction hash, from the network registry: mainnet in
 * production, the network's test network elsewhere (the real sandbox settles on testnets). A
 * network without a known explorer (the registry says `null`), or one the console does not
 * know, gets no link: the hash still shows, copyable.
 */
export function explorerUrl(
  network: string | undefined,
  hash: string,
  production: boolean,
): string | undefined {
  if (!network || !SAFE_HASH.test(hash)) return undefined;
  const explorers = networkFacts(network)?.explorers;
  const base = production ? explorers?.main : explorers?.test;
  if (!base) return undefined;
  return base.includes('{hash}') ? base.replace('{hash}', hash) : base + hash;
}

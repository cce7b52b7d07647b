import { isKnownCryptoNetwork, type CryptoNetwork } from '#contract/crypto-network';

/**
 * The address editor belongs to the addresses feature, which this feature never imports: it is
 * reached by URL, and it navigates back to `return_to` after saving.
 */
export function addressEditorUrl(target: {
  cryptoNetwork: string;
  address: string;
  identityId?: string;
  returnTo: string;
}): string {
  const params = new URLSearchParams();
  if (target.cryptoNetwork) params.set('crypto_network', target.cryptoNetwork);
  if (target.address) params.set('address', target.address);
  if (target.identityId) params.set('identity_id', target.identityId);
  params.set('return_to', target.returnTo);
  return `/addresses/new?${params.toString()}`;
}

export interface WithdrawalPrefill {
  crypto_network?: CryptoNetwork;
  destination_address?: string;
  identity_id?: string;
}

/**
 * `/withdrawals/new?crypto_network=&address=&identity_id=` (the address pages' "Withdraw to this
 * address"). Returns undefined when the URL asks for nothing; an unknown network is dropped.
 */
export function prefillFromSearch(search: URLSearchParams): WithdrawalPrefill | undefined {
  const network = search.get('crypto_network')?.trim() ?? '';
  const address = search.get('address')?.trim() ?? '';
  const identity = search.get('identity_id')?.trim() ?? '';
  const prefill: WithdrawalPrefill = {};
  if (network && isKnownCryptoNetwork(network)) prefill.crypto_network = network;
  if (address) prefill.destination_address = address;
  if (identity) prefill.identity_id = identity;
  return Object.keys(prefill).length > 0 ? prefill : undefined;
}

/** Only same-origin paths of this app are followed back (never an absolute or protocol URL). */
export function isSafeReturnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

/** True when the draft already targets what the URL asks for (a return from the address editor). */
export function draftMatchesPrefill(
  values: { crypto_network: string; destination_address: string; identity_id: string },
  prefill: WithdrawalPrefill,
): boolean {
  return (Object.keys(prefill) as (keyof WithdrawalPrefill)[]).every(
    (key) => values[key].trim() === (prefill[key] ?? ''),
  );
}

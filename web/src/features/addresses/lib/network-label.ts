import {
  CRYPTO_NETWORK_LABELS,
  CRYPTO_NETWORKS,
  isKnownCryptoNetwork,
} from '#contract/crypto-network';
import type { SelectOption } from '#web/components/ui/select-field';

/** A network in words; one the console does not know yet shows raw. */
export function networkLabel(network: string | undefined): string {
  if (!network) return '—';
  return isKnownCryptoNetwork(network) ? CRYPTO_NETWORK_LABELS[network] : network;
}

export const NETWORK_OPTIONS: readonly SelectOption[] = CRYPTO_NETWORKS.map((value) => ({
  value,
  label: CRYPTO_NETWORK_LABELS[value],
}));

const CASE_INSENSITIVE_NETWORKS = new Set([
  'ETHEREUM',
  'POLYGON_POS',
  'BASE',
  'ARBITRUM_ONE',
  'INK',
  'XLAYER',
]);

/**
 * The address book's key: "network:address:identity" (identity empty when none). One wallet
 * written two ways is one entry: EVM hex and bech32 ignore case (EIP-55 case is only a
 * checksum); base58 and Stellar keys are case-sensitive and stay as they are.
 */
export function addressBookKey(network: string, address: string, identityId?: string): string {
  const trimmed = address.trim();
  const comparable =
    CASE_INSENSITIVE_NETWORKS.has(network) || /^(bc|tb|bcrt|ltc|tltc|rltc)1/i.test(trimmed)
      ? trimmed.toLowerCase()
      : trimmed;
  return `${network}:${comparable}:${identityId ?? ''}`;
}

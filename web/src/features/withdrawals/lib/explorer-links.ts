/**
 * A public block explorer per network, for a transaction hash: mainnet in production, the
 * network's test network elsewhere (the real sandbox settles on testnets). A network without a
 * known explorer gets no link (the hash still shows, copyable): ROBINHOOD, whose public explorer
 * we could not name with confidence, and the test networks of BITCOIN_CASH and DOGECOIN.
 */
const EXPLORERS: Record<string, { main: string; test?: string }> = {
  BITCOIN: { main: 'https://mempool.space/tx/', test: 'https://mempool.space/testnet4/tx/' },
  ETHEREUM: { main: 'https://etherscan.io/tx/', test: 'https://sepolia.etherscan.io/tx/' },
  LITECOIN: {
    main: 'https://litecoinspace.org/tx/',
    test: 'https://litecoinspace.org/testnet/tx/',
  },
  BITCOIN_CASH: { main: 'https://blockchair.com/bitcoin-cash/transaction/' },
  SOLANA: {
    main: 'https://explorer.solana.com/tx/',
    test: 'https://explorer.solana.com/tx/{hash}?cluster=devnet',
  },
  POLYGON_POS: { main: 'https://polygonscan.com/tx/', test: 'https://amoy.polygonscan.com/tx/' },
  BASE: { main: 'https://basescan.org/tx/', test: 'https://sepolia.basescan.org/tx/' },
  ARBITRUM_ONE: { main: 'https://arbiscan.io/tx/', test: 'https://sepolia.arbiscan.io/tx/' },
  STELLAR: {
    main: 'https://stellar.expert/explorer/public/tx/',
    test: 'https://stellar.expert/explorer/testnet/tx/',
  },
  INK: {
    main: 'https://explorer.inkonchain.com/tx/',
    test: 'https://explorer-sepolia.inkonchain.com/tx/',
  },
  XLAYER: {
    main: 'https://www.oklink.com/xlayer/tx/',
    test: 'https://www.oklink.com/xlayer-test/tx/',
  },
  AVALANCHE: { main: 'https://snowtrace.io/tx/', test: 'https://testnet.snowtrace.io/tx/' },
  BNB: { main: 'https://bscscan.com/tx/', test: 'https://testnet.bscscan.com/tx/' },
  DOGECOIN: { main: 'https://blockchair.com/dogecoin/transaction/' },
  SUI: { main: 'https://suiscan.xyz/mainnet/tx/', test: 'https://suiscan.xyz/testnet/tx/' },
};

/** Hashes are hex (optionally 0x) or base58/base64url: anything else gets no link. */
const SAFE_HASH = /^[0-9A-Za-z_-]{16,128}$|^0x[0-9a-fA-F]{16,128}$/;

export function explorerUrl(
  network: string | undefined,
  hash: string,
  production: boolean,
): string | undefined {
  if (!network || !SAFE_HASH.test(hash) || !Object.hasOwn(EXPLORERS, network)) return undefined;
  const entry = EXPLORERS[network]!;
  const base = production ? entry.main : entry.test;
  if (!base) return undefined;
  return base.includes('{hash}') ? base.replace('{hash}', hash) : base + hash;
}

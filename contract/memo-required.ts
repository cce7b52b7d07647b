import { NETWORK_REGISTRY, type NetworkFacts } from './networks/registry';

// When a withdrawal on a memo network (Stellar) probably needs a memo. Exchanges and custodians receive every
// customer's deposits on one shared address and credit the right account by the memo: without
// it the funds arrive but nobody is credited. The rule (docs/upstream-contract.md, "Memos"):
// - a destination in MEMO_REQUIRED_ADDRESSES (known exchange deposit addresses, from the network
//   registry's memo facts), or
// - a saved destination whose Travel Rule data says it is hosted by a VASP (custodian_type VASP
//   or a VASP named), i.e. an exchange or custodian rather than the beneficiary's own wallet.

/** Known shared exchange deposit addresses, per memo network (the registry's memo facts). */
export const MEMO_REQUIRED_ADDRESSES: Readonly<Record<string, readonly string[]>> =
  Object.fromEntries(
    Object.entries(NETWORK_REGISTRY as Record<string, NetworkFacts>).flatMap(([network, facts]) =>
      facts.memo ? [[network, facts.memo.exchangeDepositAddresses] as const] : [],
    ),
  );

/** Networks whose destinations are credited by memo at exchanges. */
export const MEMO_NETWORKS: ReadonlySet<string> = new Set(Object.keys(MEMO_REQUIRED_ADDRESSES));

/** Whether exchanges credit deposits on this network by memo (the form then asks about one). */
export function isMemoNetwork(network: string): boolean {
  return MEMO_NETWORKS.has(network);
}

interface TravelRuleHosting {
  custodian_type?: string | undefined;
  vasp?: Record<string, unknown> | undefined;
}

type MemoReason = 'known-exchange' | 'vasp-hosted';

/** Why a memo is probably needed for this destination, or undefined when nothing says so. */
export function memoProbablyRequired(
  network: string,
  address: string,
  hosting?: TravelRuleHosting,
): MemoReason | undefined {
  if (!isMemoNetwork(network)) return undefined;
  if ((MEMO_REQUIRED_ADDRESSES[network] ?? []).includes(address.trim())) return 'known-exchange';
  if (hosting?.custodian_type === 'VASP' || (hosting?.vasp && Object.keys(hosting.vasp).length > 0))
    return 'vasp-hosted';
  return undefined;
}

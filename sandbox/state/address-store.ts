import { randomUUID } from 'node:crypto';
import type { CryptoNetwork } from '#contract/crypto-network';
import type { CryptoDestinationAddress, TravelRuleMetadata } from '#contract/destination-addresses';
import { CRYPTO_NETWORK_LABELS } from '#contract/crypto-network';
import { bookKey, destinationKey } from '#contract/networks/canonical-address';
import type { SeedAddress } from '../seed/seed';

/** A seeded address and a saved one hold the same facts; a saved one also its approval. */
interface SavedAddress extends SeedAddress {
  /** Saved addresses are approved at once in the sandbox (README.md: no policy review). */
  status: 'APPROVED';
  policy_execution_id: string;
}

export interface AddressChanges {
  nickname?: string;
  bookmarked?: boolean;
  travelrule_metadata?: TravelRuleMetadata;
}

/** "Bitcoin bc1qrs…0500": readable, and different for different addresses. */
function generatedNickname(network: CryptoNetwork, address: string): string {
  const short = address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
  return `${CRYPTO_NETWORK_LABELS[network]} ${short}`;
}

export function toResponseAddress(saved: SavedAddress): CryptoDestinationAddress {
  return {
    id: saved.id,
    address: saved.address,
    crypto_network: saved.crypto_network,
    ...(saved.identity_id !== undefined ? { identity_id: saved.identity_id } : {}),
    nickname: saved.nickname,
    created_at: saved.created_at,
    bookmarked: saved.bookmarked,
    status: saved.status,
    policy_execution_id: saved.policy_execution_id,
    ...(saved.travelrule_metadata !== undefined
      ? { travelrule_metadata: saved.travelrule_metadata }
      : {}),
  };
}

/** Saved destination addresses, by id and by their upsert key. */
export class AddressStore {
  private readonly byId = new Map<string, SavedAddress>();
  private readonly byKey = new Map<string, string>();
  /** Ids by "NETWORK:canonical address" (every identity's entry of a destination). */
  private readonly byDestination = new Map<string, string[]>();
  private readonly savedNetworks = new Set<string>();

  constructor(seed: readonly SeedAddress[] = []) {
    for (const a of seed) {
      this.insert({ ...a, status: 'APPROVED', policy_execution_id: `seed-${a.id}` });
    }
  }

  get(id: string): SavedAddress | undefined {
    return this.byId.get(id);
  }

  findByKey(
    network: CryptoNetwork,
    address: string,
    identityId: string | undefined,
  ): SavedAddress | undefined {
    const id = this.byKey.get(bookKey(network, address, identityId));
    return id === undefined ? undefined : this.byId.get(id);
  }

  /**
   * The saved addresses a withdrawal to (network, address) may rely on: with an identity_id only
   * that identity's entry; without one, any entry for the address (dashboard-style flows).
   */
  forWithdrawal(
    network: CryptoNetwork,
    address: string,
    identityId: string | undefined,
  ): SavedAddress[] {
    if (identityId !== undefined) {
      const found = this.findByKey(network, address, identityId);
      return found ? [found] : [];
    }
    return this.ofDestination(network, address);
  }

  /** Every entry of (network, address), any identity's, in the order they were saved. */
  ofDestination(network: string, address: string): SavedAddress[] {
    const ids = this.byDestination.get(destinationKey(network, address)) ?? [];
    return ids.map((id) => this.byId.get(id)!);
  }

  /** The networks any entry is saved on. */
  networks(): string[] {
    return [...this.savedNetworks];
  }

  create(
    fields: {
      crypto_network: CryptoNetwork;
      address: string;
      identity_id?: string;
    } & AddressChanges,
    now: Date,
  ): SavedAddress {
    const saved: SavedAddress = {
      id: randomUUID(),
      crypto_network: fields.crypto_network,
      address: fields.address,
      ...(fields.identity_id !== undefined ? { identity_id: fields.identity_id } : {}),
      nickname: fields.nickname ?? generatedNickname(fields.crypto_network, fields.address),
      bookmarked: fields.bookmarked ?? false,
      created_at: now.toISOString(),
      status: 'APPROVED',
      policy_execution_id: randomUUID(),
      ...(fields.travelrule_metadata !== undefined
        ? { travelrule_metadata: fields.travelrule_metadata }
        : {}),
    };
    this.insert(saved);
    return saved;
  }

  /** Applies only the fields given; each save is a new policy execution. */
  update(saved: SavedAddress, changes: AddressChanges): SavedAddress {
    const updated: SavedAddress = {
      ...saved,
      ...(changes.nickname !== undefined ? { nickname: changes.nickname } : {}),
      ...(changes.bookmarked !== undefined ? { bookmarked: changes.bookmarked } : {}),
      ...(changes.travelrule_metadata !== undefined
        ? { travelrule_metadata: changes.travelrule_metadata }
        : {}),
      policy_execution_id: randomUUID(),
    };
    this.byId.set(updated.id, updated);
    return updated;
  }

  all(): SavedAddress[] {
    return [...this.byId.values()];
  }

  private insert(saved: SavedAddress): void {
    this.byId.set(saved.id, saved);
    this.byKey.set(bookKey(saved.crypto_network, saved.address, saved.identity_id), saved.id);
    const destination = destinationKey(saved.crypto_network, saved.address);
    this.byDestination.set(destination, [...(this.byDestination.get(destination) ?? []), saved.id]);
    this.savedNetworks.add(saved.crypto_network);
  }
}

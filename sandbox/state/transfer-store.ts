import { createHash } from 'node:crypto';
import { isEvmNetwork, type CryptoNetwork } from '#contract/crypto-network';
import type { LiveTransfer } from '#contract/transfer-status';
import { subtractDecimal } from './decimal-math';
import { DEFAULT_FAILURE, type TransferStory } from '../seed/magic-values';
import type { SeedProfile } from '../seed/seed';
import { transferHistory } from '../seed/seed-transfer-history';

/** A withdrawal as created; its status is derived from the clock when read (no timers). */
export interface StoredTransfer {
  id: string;
  customer_id: string;
  profile_id: string;
  identity_id?: string;
  account_id: string;
  ref_id?: string;
  amount: string;
  total: string;
  fee: string;
  asset: string;
  balance_asset: string;
  destination_address: string;
  crypto_network: CryptoNetwork;
  metadata: Record<string, string>;
  memo?: string;
  notional_value: string;
  createdAtMs: number;
  settlesAtMs: number;
  /** What the chain will say once it settles, and what the read says on the way. */
  story: TransferStory;
}

/** A fake but well-formed transaction hash, stable for a transfer id. */
function txHash(transfer: StoredTransfer): string {
  const hex = createHash('sha256').update(`tx:${transfer.id}`).digest('hex');
  return isEvmNetwork(transfer.crypto_network) ? `0x${hex}` : hex;
}

/** The transfer record of docs/upstream-contract.md as it stands at `now`. */
export function materializeTransfer(t: StoredTransfer, now: Date): LiveTransfer {
  const settled = now.getTime() >= t.settlesAtMs;
  const { outcome } = t.story;
  const status = settled ? outcome : 'PENDING';
  const secondary = settled
    ? outcome === 'FAILED'
      ? t.story.failedSecondary
      : undefined
    : t.story.pendingSecondary;
  const failure = t.story.failure ?? DEFAULT_FAILURE;
  return {
    id: t.id,
    customer_id: t.customer_id,
    profile_id: t.profile_id,
    ...(t.identity_id !== undefined ? { identity_id: t.identity_id } : {}),
    account_id: t.account_id,
    ...(t.ref_id !== undefined ? { ref_id: t.ref_id } : {}),
    amount: t.amount,
    total: t.total,
    fee: t.fee,
    asset: t.asset,
    balance_asset: t.balance_asset,
    direction: 'DEBIT',
    type: 'CRYPTO_WITHDRAWAL',
    status,
    created_at: new Date(t.createdAtMs).toISOString(),
    updated_at: new Date(settled ? t.settlesAtMs : t.createdAtMs).toISOString(),
    destination_address: t.destination_address,
    crypto_network: t.crypto_network,
    ...(settled && outcome === 'COMPLETED'
      ? { crypto_tx_hash: txHash(t), crypto_tx_index: '0' }
      : {}),
    ...(secondary !== undefined ? { secondary_status: secondary } : {}),
    // Why it failed, as the transfer read publishes it (each detail with a message). A failure
    // that a secondary status explains carries no detail of its own.
    ...(settled && outcome === 'FAILED' && t.story.failedSecondary === undefined
      ? { status_details: { [failure.key]: { message: failure.message } } }
      : {}),
    metadata: t.metadata,
    ...(t.memo !== undefined ? { memo: t.memo } : {}),
    notional_value: t.notional_value,
    // The sandbox never converts between assets: what is debited is what is sent.
    // The service answers an object, often empty; the sandbox never converts.
    auto_conversion: {},
  };
}

/** Withdrawals and the balances they draw on. */
export class TransferStore {
  private readonly transfers: StoredTransfer[] = [];
  private readonly byRefId = new Map<string, StoredTransfer>();
  private readonly profiles = new Map<string, SeedProfile>();
  /** Transfers no console made (deposits, internal moves, withdrawals made elsewhere). */
  // Dated from the sandbox's clock at the first read (a test clock included), then fixed.
  private seededHistory: readonly LiveTransfer[] | undefined;

  constructor(profiles: readonly SeedProfile[]) {
    for (const p of profiles) this.profiles.set(p.id, p);
  }

  profile(id: string): SeedProfile | undefined {
    return this.profiles.get(id);
  }

  /** Every profile, in seed order. */
  allProfiles(): SeedProfile[] {
    return [...this.profiles.values()];
  }

  byRef(refId: string): StoredTransfer | undefined {
    return this.byRefId.get(refId);
  }

  /**
   * What the profile can still send: the opening balance less every withdrawal that has not
   * failed. A failed withdrawal gives its funds back the moment it is seen as failed.
   */
  available(profileId: string, asset: string, now: Date): string {
    const profile = this.profiles.get(profileId);
    let balance = profile?.balances[asset] ?? '0';
    for (const t of this.transfers) {
      if (t.profile_id !== profileId || t.asset !== asset) continue;
      const failed = t.story.outcome === 'FAILED' && now.getTime() >= t.settlesAtMs;
      if (!failed) balance = subtractDecimal(balance, t.total);
    }
    return balance;
  }

  add(transfer: StoredTransfer): void {
    this.transfers.push(transfer);
    if (transfer.ref_id !== undefined) this.byRefId.set(transfer.ref_id, transfer);
  }

  /** The seeded history, oldest first: read-only records that change no balance. */
  history(now: Date): readonly LiveTransfer[] {
    return (this.seededHistory ??= transferHistory(now.getTime()));
  }

  /** More history (bench and test hook): read-only records after the seeded ones. */
  addHistory(transfers: readonly LiveTransfer[], now: Date): void {
    this.seededHistory = [...this.history(now), ...transfers];
  }

  list(filter: { ref_id?: string } = {}): StoredTransfer[] {
    return this.transfers.filter((t) => filter.ref_id === undefined || t.ref_id === filter.ref_id);
  }
}

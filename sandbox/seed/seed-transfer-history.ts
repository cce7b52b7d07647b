import type { LiveTransfer } from '#contract/transfer-status';
import { addDecimal } from '#contract/decimal';
import { SEED_IDS } from './seed';

// Transfers of the account that no console made: deposits, internal moves, a wire, and a few
// crypto withdrawals made "elsewhere" (the service's dashboard, a script). Their dates are hours
// and days before the sandbox started, so a fresh start's 7-day reconciliation and the elsewhere
// watcher's first look both find them. They are history: the seeded opening balances are what is
// left after them, so they change no balance.

const HOUR = 3_600_000;

interface HistoryEntry {
  id: string;
  hoursAgo: number;
  type: string;
  direction: 'CREDIT' | 'DEBIT';
  asset: string;
  amount: string;
  fee?: string;
  status: string;
  profile_id?: string;
  ref_id?: string;
  crypto_network?: string;
  destination_address?: string;
  crypto_tx_hash?: string;
  group_id?: string;
}

const ENTRIES: readonly HistoryEntry[] = [
  {
    id: '7d1e0c52-0d3a-4e55-9a49-5b1f3f0a0001',
    hoursAgo: 140,
    type: 'CRYPTO_DEPOSIT',
    direction: 'CREDIT',
    asset: 'ETH',
    amount: '12.5',
    status: 'COMPLETED',
    crypto_network: 'ETHEREUM',
    destination_address: '0x2b5634c42055806a59e9107ed44d43c426e58258',
    crypto_tx_hash: '0x5c7ae9a3b8f52c8a9e3f0d1b2c4a6e8f0a1b3c5d7e9f1a2b3c4d5e6f7a8b9c0d',
  },
  {
    id: '7d1e0c52-0d3a-4e55-9a49-5b1f3f0a0002',
    hoursAgo: 120,
    type: 'WIRE_DEPOSIT',
    direction: 'CREDIT',
    asset: 'USD',
    amount: '250000.00',
    status: 'COMPLETED',
  },
  {
    id: '7d1e0c52-0d3a-4e55-9a49-5b1f3f0a0003',
    hoursAgo: 96,
    type: 'INTERNAL_TRANSFER_DEBIT',
    direction: 'DEBIT',
    asset: 'USDG',
    amount: '5000.00',
    status: 'COMPLETED',
    group_id: 'a8f1c0de-2b3c-4d5e-8f90-1a2b3c4d5e6f',
  },
  {
    id: '7d1e0c52-0d3a-4e55-9a49-5b1f3f0a0004',
    hoursAgo: 96,
    type: 'INTERNAL_TRANSFER_CREDIT',
    direction: 'CREDIT',
    asset: 'USDG',
    amount: '5000.00',
    status: 'COMPLETED',
    profile_id: SEED_IDS.treasuryReserveProfile,
    group_id: 'a8f1c0de-2b3c-4d5e-8f90-1a2b3c4d5e6f',
  },
  {
    // Made elsewhere with a ref_id of its own (a script).
    id: '7d1e0c52-0d3a-4e55-9a49-5b1f3f0a0005',
    hoursAgo: 50,
    type: 'CRYPTO_WITHDRAWAL',
    direction: 'DEBIT',
    asset: 'BTC',
    amount: '0.25',
    fee: '0.0001',
    status: 'COMPLETED',
    ref_id: 'ops-script-2026-0042',
    crypto_network: 'BITCOIN',
    destination_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    crypto_tx_hash: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
  },
  {
    // Made elsewhere without a ref_id (the service's dashboard).
    id: '7d1e0c52-0d3a-4e55-9a49-5b1f3f0a0006',
    hoursAgo: 26,
    type: 'CRYPTO_WITHDRAWAL',
    direction: 'DEBIT',
    asset: 'ETH',
    amount: '1.2',
    fee: '0.0021',
    status: 'PENDING',
    crypto_network: 'ETHEREUM',
    destination_address: '0x742d35cc6634c0532925a3b844bc454e4438f44e',
  },
  {
    id: '7d1e0c52-0d3a-4e55-9a49-5b1f3f0a0007',
    hoursAgo: 8,
    type: 'CRYPTO_DEPOSIT',
    direction: 'CREDIT',
    asset: 'USDG',
    amount: '1200.00',
    status: 'PENDING',
    crypto_network: 'ETHEREUM',
    destination_address: '0x2b5634c42055806a59e9107ed44d43c426e58258',
  },
];

/** The seeded history as the transfer read shows it, dated relative to `startedAtMs`. */
export function transferHistory(startedAtMs: number): LiveTransfer[] {
  return ENTRIES.map((e) => {
    const at = new Date(startedAtMs - e.hoursAgo * HOUR).toISOString();
    const fee = e.fee ?? '0';
    const total = e.direction === 'DEBIT' && fee !== '0' ? addDecimal(e.amount, fee) : e.amount;
    return {
      id: e.id,
      customer_id: SEED_IDS.exampleCustomer,
      profile_id: e.profile_id ?? SEED_IDS.exampleProfile,
      account_id: 'f3c1d2e4-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      ...(e.ref_id !== undefined ? { ref_id: e.ref_id } : {}),
      amount: e.amount,
      total,
      fee,
      asset: e.asset,
      balance_asset: e.asset,
      direction: e.direction,
      type: e.type as LiveTransfer['type'],
      status: e.status,
      created_at: at,
      updated_at: at,
      ...(e.crypto_network !== undefined
        ? { crypto_network: e.crypto_network as LiveTransfer['crypto_network'] }
        : {}),
      ...(e.destination_address !== undefined
        ? { destination_address: e.destination_address }
        : {}),
      ...(e.crypto_tx_hash !== undefined ? { crypto_tx_hash: e.crypto_tx_hash } : {}),
      ...(e.group_id !== undefined ? { group_id: e.group_id } : {}),
      metadata: {},
    } as LiveTransfer;
  });
}

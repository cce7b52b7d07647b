import type { Faults } from '../control/faults';
import type { SandboxClient, TokenStore } from '../auth/oauth';
import type { Stats } from '../control/stats';
import { AddressStore } from './address-store';
import { PaymentStore } from './payment-store';
import { StatementStore } from './statement-store';
import { TransferStore } from './transfer-store';
import { FeeQuoteStore } from '../routes/fee-quotes';
import { createSeed } from '../seed/seed';

/** The in-memory data; reset() replaces it with a fresh copy of the seed. */
interface SandboxState {
  statements: StatementStore;
  payments: PaymentStore;
  addresses: AddressStore;
  transfers: TransferStore;
  feeQuotes: FeeQuoteStore;
}

interface ResolvedSandboxOptions {
  tokenTtlSeconds: number;
  settleMs: number;
  allowTestnet: boolean;
}

/** What every route handler reads: state is looked up per request so reset() takes effect at once. */
export interface SandboxContext {
  state: SandboxState;
  readonly clients: readonly SandboxClient[];
  readonly options: ResolvedSandboxOptions;
  readonly tokens: TokenStore;
  readonly faults: Faults;
  readonly stats: Stats;
  now(): Date;
}

// The seed is pure and its objects are never mutated (stores copy what they change), so one
// generation serves every sandbox and every reset.
let seedCache: ReturnType<typeof createSeed> | undefined;

export function createState(): SandboxState {
  const seed = (seedCache ??= createSeed());
  return {
    statements: new StatementStore(seed.statements),
    payments: new PaymentStore(seed.payments),
    addresses: new AddressStore(seed.addresses),
    transfers: new TransferStore(seed.profiles),
    feeQuotes: new FeeQuoteStore(),
  };
}

import type { WindowForecast } from './window-forecast-port';
import type { PersonIdentity } from '#contract/identity';
// The rolling limits' window as the gate sees it (sql-withdrawal-window.ts implements it).

/** One withdrawal as the policy's rolling limits count it. */
export interface WindowEntry {
  refId: string;
  /**
   * The initiator: every entry of whoever could be the same person is counted in a per-initiator
   * window, whichever identifiers each login carried (contract/identity.ts couldBeSamePerson).
   */
  initiator: PersonIdentity;
  /** "NETWORK:canonical address". */
  destination: string;
  asset: string;
  /** Its amount (or total), in its asset. */
  quantity: string;
}

/** A window one limit reads: whose withdrawals, over how many minutes. */
export interface WindowQuery {
  per: 'initiator' | 'destination' | 'console';
  minutes: number;
}

/** What a window holds already (sent or held, this ref_id aside): the quantity per asset. */
export interface WindowUsage extends WindowQuery {
  sums: Record<string, string>;
}

/** The withdrawals the rolling limits count (four eyes' rolling_limits). */
export interface WithdrawalWindow extends WindowForecast {
  /** The assets withdrawn in the last `minutes` (their prices are read before `admit`). */
  recentAssets(minutes: number): Promise<string[]>;
  /**
   * Under one lock across instances, in one transaction: reads what each window holds, lets
   * `decide` judge, and counts this withdrawal in (whatever was decided). Two concurrent
   * submits never both judge a window without the other.
   */
  admit<T>(
    entry: WindowEntry,
    windows: WindowQuery[],
    decide: (usage: WindowUsage[]) => T,
  ): Promise<T>;
}

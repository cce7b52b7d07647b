import type { PersonIdentity } from '#contract/identity';
/** What a window holds now, for the Policy page (a read: no lock, nothing counted in). */
export interface WindowUsageReader {
  /** The quantity per asset counted in the last `minutes` (only `initiator`'s when given). */
  sums(minutes: number, initiator?: PersonIdentity): Promise<Record<string, string>>;
  /** The same per destination ("NETWORK:canonical address"), the most recently used first. */
  byDestination(
    minutes: number,
    limit: number,
  ): Promise<{ destination: string; sums: Record<string, string> }[]>;
}

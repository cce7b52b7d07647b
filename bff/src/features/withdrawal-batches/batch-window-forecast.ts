import { addDecimal } from '#contract/decimal';
import type { WindowEntry, WithdrawalWindow } from '#bff/store/withdrawal-window-port';

/**
 * The rolling limits' window as a draft batch's review sees it (issue 42 item C): what the
 * store's window holds now, read only, plus the batch's earlier rows as the submit would count
 * them in, in file order. The gate's own value rules (value-rules.ts, rolling-limits.ts) judge
 * each row against it, so the review says what Send will decide; nothing is written, and the
 * submit decides again under the limits' lock.
 */
export function batchForecastWindow(stored: WithdrawalWindow): WithdrawalWindow {
  const counted: WindowEntry[] = [];
  // Every row of a batch has the one initiator, and all are "now": a row earlier in the file is
  // in each initiator and console window, and in a destination window of its own destination.
  const usage: WithdrawalWindow['usage'] = async (entry, windows) =>
    (await stored.usage(entry, windows)).map((u) => {
      const sums = { ...u.sums };
      for (const earlier of counted)
        if (u.per !== 'destination' || earlier.destination === entry.destination)
          sums[earlier.asset] = addDecimal(sums[earlier.asset] ?? '0', earlier.quantity);
      return { ...u, sums };
    });
  return {
    usage,
    async recentAssets(minutes) {
      return [
        ...new Set([...(await stored.recentAssets(minutes)), ...counted.map((e) => e.asset)]),
      ];
    },
    async admit(entry, windows, decide) {
      const decided = decide(await usage(entry, windows));
      counted.push(entry);
      return decided;
    },
  };
}

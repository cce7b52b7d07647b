import { z } from 'zod';

// Apart from contract/activity.ts (which reads whole transfers, and with them every network's
// address rules): the nav's alert count is on every page's first load, and these schemas need
// none of that (bench/bundle-size.ts).

/** GET /api/transfers/elsewhere: withdrawals made outside this console the watcher found. */
const ElsewhereAlertSchema = z.object({
  transfer_id: z.string(),
  ref_id: z.string().optional(),
  asset: z.string().optional(),
  amount: z.string().optional(),
  crypto_network: z.string().optional(),
  destination_address: z.string().optional(),
  created_at: z.string().optional(),
  found_at: z.string(),
  acknowledged_by: z.string().optional(),
  acknowledged_at: z.string().optional(),
});
export type ElsewhereAlert = z.infer<typeof ElsewhereAlertSchema>;

export const ElsewhereAlertsResponseSchema = z.object({
  /** Alerts nobody has acknowledged yet: the nav's count. */
  unacknowledged: z.number().int(),
  items: z.array(ElsewhereAlertSchema),
  /** When the watcher last completed a round; absent before its first. */
  watched_until: z.string().optional(),
});
export type ElsewhereAlertsResponse = z.infer<typeof ElsewhereAlertsResponseSchema>;

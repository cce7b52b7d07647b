import type { WindowEntry, WindowQuery, WindowUsage } from './withdrawal-window-port';

/**
 * What the rolling limits' windows hold now, read without counting anything in (issue 42 item C:
 * the form and review say a rolling limit will hold a withdrawal before it is submitted). A
 * forecast: the decision itself is taken again under the limits' lock when it is submitted.
 */
export interface WindowForecast {
  usage(entry: WindowEntry, windows: WindowQuery[]): Promise<WindowUsage[]>;
}

import type { ActivityItem } from '#contract/activity';

export const ELSEWHERE_WITHDRAWAL_TEXT =
  "Made outside this console — skipped this console's approvals";

/** Every withdrawal type the service names ends in _WITHDRAWAL (CRYPTO_, WIRE_, and new ones). */
export const isWithdrawalType = (type: string | undefined) => !!type && /WITHDRAWAL$/.test(type);

/** What the origin column says for a row; a withdrawal made elsewhere says so plainly. */
export function originLabel(item: ActivityItem): string {
  if (item.origin === 'console') return 'This console';
  return isWithdrawalType(item.transfer.type) ? ELSEWHERE_WITHDRAWAL_TEXT : 'Made elsewhere';
}

/** The nav's accessible name: "Activity" or "Activity, 2 alerts". */
export function activityNavName(unacknowledged: number): string {
  if (unacknowledged <= 0) return 'Activity';
  return `Activity, ${unacknowledged} alert${unacknowledged === 1 ? '' : 's'}`;
}

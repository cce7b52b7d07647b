import { compareDecimal } from './decimal';

/**
 * The service refuses a withdrawal worth this many USD or more to a destination without Travel
 * Rule data (a saved beneficiary): docs/upstream-contract.md, 403 Travel Rule Information
 * Required. The console says so before an approval is spent on it (issue 42 item A).
 */
const TRAVEL_RULE_THRESHOLD_USD = '3000';

/** Whether a withdrawal worth `usdValue` (a decimal string) needs Travel Rule data. */
export function needsTravelRule(usdValue: string | undefined): boolean {
  return usdValue !== undefined && compareDecimal(usdValue, TRAVEL_RULE_THRESHOLD_USD) >= 0;
}

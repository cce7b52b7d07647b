import type { FeatureState } from '#contract/companion-features';
import type { StatusDetail } from '#contract/transfer-status';

/** The secondary status in the operator's words; an unknown name is shown raw. */
const SECONDARY_STATUS_WORDS: Record<string, string> = {
  TRAVEL_RULE_INFO_REQUESTED: 'Travel Rule information requested',
  TRAVEL_RULE_REJECTED: 'Travel Rule information rejected',
  CUSTOMER_REJECTED: 'Rejected by the customer',
  PENDING_CUSTOMER_APPROVAL: 'Pending customer approval',
};

/** The published status details in words; the upstream's own message follows when it sends one. */
const STATUS_DETAIL_WORDS: Record<string, string> = {
  invalid_destination_address: 'Invalid destination address',
  missing_trustline: 'Missing trustline (the destination cannot hold this asset yet)',
  stale_fee_quote: 'Stale fee quote',
};

export function secondaryStatusWords(name: string): string {
  return Object.hasOwn(SECONDARY_STATUS_WORDS, name) ? SECONDARY_STATUS_WORDS[name]! : name;
}

export function statusDetailWords(detail: StatusDetail): string {
  const label = Object.hasOwn(STATUS_DETAIL_WORDS, detail.code)
    ? STATUS_DETAIL_WORDS[detail.code]!
    : detail.code;
  return detail.message ? `${label}: ${detail.message}` : label;
}

/**
 * Why statuses are shown as recorded (the transfer_status feature is off): the BFF's reason, which
 * says what to do about it, or a plain sentence when it gives none. The transfer card and the
 * ledger say the same.
 */
export function liveStatusUnavailable(feature: FeatureState): string {
  return feature.reason ?? 'Live transfer status is not available.';
}

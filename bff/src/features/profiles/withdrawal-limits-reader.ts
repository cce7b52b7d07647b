import { PublishedItemsPageSchema, readPublishedItems } from '#contract/published-items';
import {
  CRYPTO_WITHDRAWAL_TRANSFER_TYPE,
  TransferLimitSchema,
  type TransferLimit,
  type WithdrawalLimitsResponse,
} from '#contract/transfer-limits';
import type { Logger } from '#bff/logger';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { walkPages } from '#bff/upstream/page-walk';
import { callUpstreamJson } from '#bff/upstream/upstream-json';

/** Pages followed: an account has a handful of rules; a cursor that never ends stops here. */
const LIMITS_MAX_PAGES = 5;

/**
 * The crypto withdrawal limits and what is left of each (GET /v2/transfer/limits/utilizations,
 * scope transfer:read_transfer_limit), every page, read when asked (what remains moves with each
 * withdrawal). Throws the problem to answer, 403 Feature Unavailable without the scope.
 */
export function createWithdrawalLimitsReader(deps: {
  upstream: UpstreamClient;
  companion: CompanionFeatureGate;
  logger: Logger;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  return async function readWithdrawalLimits(): Promise<WithdrawalLimitsResponse> {
    await deps.companion.require('transfer_limits');
    const items: TransferLimit[] = [];
    let unreadable = 0;
    const pages = walkPages({
      maxPages: LIMITS_MAX_PAGES,
      logger: deps.logger,
      what: 'withdrawal limits',
      page: (cursor) => {
        const params = new URLSearchParams({ transfer_type: CRYPTO_WITHDRAWAL_TRANSFER_TYPE });
        if (cursor) params.set('page_cursor', cursor);
        return callUpstreamJson(
          deps.upstream,
          'listTransferLimits',
          { query: params.toString() },
          PublishedItemsPageSchema,
        );
      },
    });
    for await (const page of pages) {
      const read = readPublishedItems(page, TransferLimitSchema);
      items.push(...read.items);
      unreadable += read.unreadable;
    }
    if (unreadable > 0)
      deps.logger.warn({ unreadable }, 'withdrawal limits left out (unreadable records)');
    return { items, read_at: new Date(now()).toISOString() };
  };
}

export type ReadWithdrawalLimits = ReturnType<typeof createWithdrawalLimitsReader>;

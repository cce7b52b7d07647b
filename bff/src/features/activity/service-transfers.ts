import type { ListActivityQuery } from '#contract/activity';
import { ListTransfersResponseSchema } from '#contract/transfer-status';
import { TransferSchema, type Transfer } from '#contract/withdrawals';
import type { Logger } from '#bff/logger';
import { walkPages } from '#bff/upstream/page-walk';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { callUpstreamJson } from '#bff/upstream/upstream-json';

/** The service's list query (published names) for the console's Activity filters. */
export function serviceQuery(query: ListActivityQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.profile_id) params.append('profile_ids', query.profile_id);
  for (const type of query.type ?? []) params.append('type', type);
  for (const status of query.status ?? []) params.append('statuses', status);
  if (query.created_from) params.set('created_at.gte', query.created_from);
  if (query.created_to) params.set('created_at.lte', query.created_to);
  params.set('order', query.order === 'asc' ? 'ASC' : 'DESC');
  params.set('order_by', 'CREATED_AT');
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.cursor) params.set('page_cursor', query.cursor);
  return params;
}

/** One page of GET /v2/transfer/transfers (scope transfer:read_transfer), read tolerantly. */
export async function readTransferPage(
  upstream: UpstreamClient,
  params: URLSearchParams,
): Promise<{ items: Transfer[]; next_page_cursor: string }> {
  const answer = await callUpstreamJson(
    upstream,
    'listTransfers',
    { query: params.toString() },
    ListTransfersResponseSchema,
  );
  return { items: answer.items, next_page_cursor: answer.next_page_cursor ?? '' };
}

/**
 * GET /v2/transfer/transfers/{id} (scope transfer:read_transfer): the transfer as it reads now,
 * tolerantly; undefined when the service answers 404 (it does not know the id).
 */
export function readTransfer(upstream: UpstreamClient, id: string): Promise<Transfer | undefined> {
  return callUpstreamJson(
    upstream,
    'getTransfer',
    { pathSuffix: `/${encodeURIComponent(id)}` },
    TransferSchema,
    () => undefined,
  );
}

/** Every page of a query, page by page (the one page walk: cap and repeated-cursor guard). */
export function walkTransfers(
  deps: { upstream: UpstreamClient; logger: Logger },
  params: URLSearchParams,
  maxPages: number,
): AsyncGenerator<Transfer[], void> {
  return walkPages<Transfer>({
    maxPages,
    logger: deps.logger,
    what: 'transfers',
    page: (cursor) => {
      const query = new URLSearchParams(params);
      if (cursor) query.set('page_cursor', cursor);
      return readTransferPage(deps.upstream, query);
    },
  });
}

/** Withdrawals (money leaving the account to an outside destination), known types or not. */
export function isWithdrawal(transfer: Transfer): boolean {
  const type = String(transfer.type ?? '');
  return type.endsWith('_WITHDRAWAL');
}

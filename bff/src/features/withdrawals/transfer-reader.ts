import { ListTransfersResponseSchema } from '#contract/transfer-status';
import type { Transfer } from '#contract/withdrawals';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { callUpstreamJson } from '#bff/upstream/upstream-json';
import type { TransferLookup } from './withdrawal-attempt';

/** The transfer read (GET /v2/transfer/transfers, scope transfer:read_transfer). */
interface TransferReader {
  /** The transfer created with this ref_id, or undefined when the upstream has none. */
  byRefId(refId: string, signal?: AbortSignal): Promise<Transfer | undefined>;
  /** The transfers with these ids (at most 100 per call), those the upstream knows. */
  byIds(ids: readonly string[]): Promise<Transfer[]>;
}

export function createTransferReader(upstream: UpstreamClient): TransferReader {
  return {
    async byRefId(refId, signal) {
      const page = await callUpstreamJson(
        upstream,
        'listTransfers',
        {
          query: new URLSearchParams({ ref_ids: refId, limit: '1' }).toString(),
          ...(signal ? { signal } : {}),
        },
        ListTransfersResponseSchema,
      );
      // Filter again: a service that ignored the filter must not hand us someone else's transfer.
      return page.items.find((t) => t.ref_id === refId);
    },
    async byIds(ids) {
      if (ids.length === 0) return [];
      const query = new URLSearchParams(ids.map((id) => ['ids', id]));
      query.set('limit', String(ids.length));
      const page = await callUpstreamJson(
        upstream,
        'listTransfers',
        { query: query.toString() },
        ListTransfersResponseSchema,
      );
      const wanted = new Set(ids);
      return page.items.filter((t) => wanted.has(t.id));
    },
  };
}

/** The attempt's transfer read by ref_id, through the transfer_status companion feature. */
export function transferLookup(
  companion: CompanionFeatureGate,
  upstream: UpstreamClient,
): TransferLookup {
  const reader = createTransferReader(upstream);
  return {
    enabled: async () => (await companion.state('transfer_status')).enabled,
    byRefId: (refId: string) => reader.byRefId(refId),
  };
}

import { z } from 'zod';
import { openEnum } from './open-enum';
import { TransferSchema, type Transfer } from './withdrawals';

// The transfer read (GET /v2/transfer/transfers[/{id}], scope transfer:read_transfer): the same
// transfer record, plus what only a read tells: secondary status and status details. Read
// tolerantly: an unknown name or detail key still displays, as received.

const SECONDARY_STATUS_NAMES = [
  'TRAVEL_RULE_INFO_REQUESTED',
  'TRAVEL_RULE_REJECTED',
  'CUSTOMER_REJECTED',
  'PENDING_CUSTOMER_APPROVAL',
] as const;

const SecondaryStatusSchema = z.looseObject({
  name: openEnum(SECONDARY_STATUS_NAMES).optional(),
  detail: z.string().nullish(),
});
type SecondaryStatus = z.infer<typeof SecondaryStatusSchema>;

/** One status detail, whatever form it arrives in (keyed object or list), as { code, message }. */
export interface StatusDetail {
  code: string;
  message?: string;
}

/**
 * `status_details` is documented as details "each with a message": accept a keyed object
 * (`{ missing_trustline: { message } }`), a list (`[{ code|type|name, message }]`) or a string.
 */
export function readStatusDetails(value: unknown): StatusDetail[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [{ code: value }];
  const messageOf = (v: unknown): string | undefined => {
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string')
      return (v as { message: string }).message;
    return undefined;
  };
  if (Array.isArray(value)) {
    return value.map((item) => {
      const o = (item ?? {}) as Record<string, unknown>;
      const code = [o.code, o.type, o.name, o.reason].find((c) => typeof c === 'string');
      const message = messageOf(item);
      return { code: typeof code === 'string' ? code : 'detail', ...(message ? { message } : {}) };
    });
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined && v !== false)
      .map(([code, v]) => {
        const message = messageOf(v);
        return { code, ...(message ? { message } : {}) };
      });
  }
  return [{ code: String(value) }];
}

/** A transfer from the read, as the BFF passes it on (the record is kept whole). */
export type LiveTransfer = Transfer & {
  secondary_status?: SecondaryStatus | null;
  status_details?: unknown;
};

export function secondaryStatusOf(transfer: Transfer): SecondaryStatus | undefined {
  const parsed = SecondaryStatusSchema.safeParse((transfer as LiveTransfer).secondary_status);
  return parsed.success && parsed.data.name !== undefined ? parsed.data : undefined;
}

/** The upstream's list answer: `{ items, next_page_cursor }` (items may be missing when empty). */
export const ListTransfersResponseSchema = z.looseObject({
  items: z
    .array(TransferSchema)
    .nullish()
    .transform((items) => items ?? []),
  next_page_cursor: z.string().nullish(),
});

/** Final statuses: polling stops there. Unknown statuses are not final (keep looking, slowly). */
export const FINAL_TRANSFER_STATUSES: ReadonlySet<string> = new Set(['COMPLETED', 'FAILED']);

/** GET /api/withdrawals/:ref_id/transfer: the live transfer, or why it could not be read. */
export const LiveTransferResponseSchema = z.object({
  /** Where the answer comes from: the upstream now, or only the ledger (read unavailable). */
  source: z.enum(['upstream', 'ledger']),
  transfer: TransferSchema.optional(),
  /** When this BFF last read it from the upstream. */
  checked_at: z.string().optional(),
  /** Why the status is not live (feature off, the transfer not found upstream...). */
  note: z.string().optional(),
});
export type LiveTransferResponse = z.infer<typeof LiveTransferResponseSchema>;

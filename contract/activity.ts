import { z } from 'zod';
import { checkSafeText } from './safe-text';
import { TransferSchema } from './withdrawals';

// Activity and reconciliation: every transfer the service lists for the account (GET
// /v2/transfer/transfers, scope transfer:read_transfer), each marked with whether this console
// started it. The service's transfer is read tolerantly (unknown types and statuses display as
// they come); what the console adds sits beside it, never inside it.

/** Transfer types the service publishes; it says the list grows, so others are shown as sent. */
export const TRANSFER_TYPES = [
  'CRYPTO_WITHDRAWAL',
  'CRYPTO_DEPOSIT',
  'INTERNAL_TRANSFER_DEBIT',
  'INTERNAL_TRANSFER_CREDIT',
  'WIRE_DEPOSIT',
  'WIRE_WITHDRAWAL',
  'SEN_DEPOSIT',
  'SEN_WITHDRAWAL',
  'BANK_DEPOSIT',
  'BANK_WITHDRAWAL',
  'PAXOS_TRANSFER_DEBIT',
  'PAXOS_TRANSFER_CREDIT',
  'SIGNET_DEPOSIT',
  'SIGNET_WITHDRAWAL',
  'CBIT_WITHDRAWAL',
  'CBIT_DEPOSIT',
  'CUBIX_DEPOSIT',
  'CUBIX_WITHDRAWAL',
  'RTP_DEPOSIT',
] as const;

export const TRANSFER_LIST_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;

export const ACTIVITY_DEFAULT_LIMIT = 100;
const ACTIVITY_MAX_LIMIT = 1000;

const Timestamp = z.iso.datetime({ offset: true });
// A type the service may add tomorrow is still a filter the operator may ask for.
const TransferTypeFilter = z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'an upper-case type name');

// A query string gives one value as a string and a repeated one as a list.
const toList = (v: unknown) => (typeof v === 'string' ? [v] : v);

/**
 * GET /api/transfers: the service's published filters, in the console's names. `type` and
 * `status` may repeat (OR within one, AND between them, as the service reads them).
 * Newest first unless `order=asc`. `cursor` is the service's `next_page_cursor`, passed on as is.
 */
export const ListActivityQuerySchema = z
  .strictObject({
    profile_id: z.uuid().optional(),
    type: z.preprocess(toList, z.array(TransferTypeFilter).max(40)).optional(),
    // The service takes `statuses` repeated: several may be chosen at once, as types may.
    status: z.preprocess(toList, z.array(z.enum(TRANSFER_LIST_STATUSES)).max(3)).optional(),
    created_from: Timestamp.optional(),
    created_to: Timestamp.optional(),
    order: z.enum(['desc', 'asc']).optional(),
    cursor: z.string().min(1).max(2048).optional(),
    limit: z.coerce.number().int().min(1).max(ACTIVITY_MAX_LIMIT).optional(),
  })
  .superRefine(checkSafeText);
export type ListActivityQuery = z.infer<typeof ListActivityQuerySchema>;

/** Who in this console started and approved a transfer the ledger holds. */
const ConsoleRecordSchema = z.object({
  ref_id: z.string(),
  /** The initiator as the console names them (display name or e-mail). */
  initiator: z.string().optional(),
  approvers: z.array(z.string()),
  /** The ledger's own status word for the withdrawal (created, unknown, refused...). */
  ledger_status: z.string(),
  submitted_at: z.string().optional(),
});
export type ConsoleRecord = z.infer<typeof ConsoleRecordSchema>;

const ORIGINS = ['console', 'elsewhere'] as const;
export type Origin = (typeof ORIGINS)[number];

/** One row of Activity: the service's transfer, whole, plus where it came from. */
export const ActivityItemSchema = z.object({
  transfer: TransferSchema,
  origin: z.enum(ORIGINS),
  /** Present when `origin` is "console". */
  console: ConsoleRecordSchema.optional(),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;

/** A transfer id as a path segment (the service's ids are UUIDs; a little wider, never a path). */
export const TransferIdSchema = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, 'Not a transfer id');

/**
 * GET /api/transfers/:id: the service's single-transfer read (GET /v2/transfer/transfers/{id}),
 * whole and read tolerantly, with the same origin as an Activity row. 404 when the service does
 * not know the id.
 */
export const TransferDetailResponseSchema = ActivityItemSchema;
export type TransferDetailResponse = ActivityItem;

export const ListActivityResponseSchema = z.object({
  items: z.array(ActivityItemSchema),
  /** The service's cursor for the next page; empty at the end. */
  next_cursor: z.string(),
});
export type ListActivityResponse = z.infer<typeof ListActivityResponseSchema>;

/** GET /api/reconciliation?from=&to= (default: the last 7 days). */
export const ReconciliationQuerySchema = z
  .strictObject({ from: Timestamp.optional(), to: Timestamp.optional() })
  .superRefine(checkSafeText);
export type ReconciliationQuery = z.infer<typeof ReconciliationQuerySchema>;

export const RECONCILIATION_DEFAULT_DAYS = 7;

/** A ledger record the service does not list (or lists differently). */
const LedgerSideSchema = z.object({
  ref_id: z.string(),
  transfer_id: z.string().optional(),
  asset: z.string().optional(),
  amount: z.string().optional(),
  destination_address: z.string().optional(),
  crypto_network: z.string().optional(),
  ledger_status: z.string(),
  /** The transfer status the ledger last recorded, when it recorded one. */
  transfer_status: z.string().optional(),
  submitted_at: z.string().optional(),
  initiator: z.string().optional(),
});
export type LedgerSide = z.infer<typeof LedgerSideSchema>;

const ReconciliationRowSchema = z.object({
  transfer: TransferSchema.optional(),
  ledger: LedgerSideSchema.optional(),
});
export type ReconciliationRow = z.infer<typeof ReconciliationRowSchema>;

export const RECONCILIATION_GROUPS = [
  'matched',
  'service_only',
  'ledger_only',
  'status_differs',
] as const;
export type ReconciliationGroup = (typeof RECONCILIATION_GROUPS)[number];

export const ReconciliationResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  counts: z.object({
    matched: z.number().int(),
    service_only: z.number().int(),
    ledger_only: z.number().int(),
    status_differs: z.number().int(),
  }),
  /** Each list is capped (`truncated` says so); counts are always whole. */
  matched: z.array(ReconciliationRowSchema),
  /** Transfers the service lists that the ledger does not hold: withdrawals first. */
  service_only: z.array(ReconciliationRowSchema),
  ledger_only: z.array(ReconciliationRowSchema),
  status_differs: z.array(ReconciliationRowSchema),
  truncated: z.boolean(),
  checked_at: z.string(),
});
export type ReconciliationResponse = z.infer<typeof ReconciliationResponseSchema>;

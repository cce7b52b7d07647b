import { z } from 'zod';
import { checkSafeText } from './safe-text';
import { openEnum } from './open-enum';
import { queryLimit, queryToSearchParams, repeated, withoutNullMembers } from './query-values';
import { tolerant, UnreadableSchema } from './tolerant-read';

export const STATEMENT_STATUSES = [
  'STATEMENT_STATUS_UNSPECIFIED',
  'STATEMENT_STATUS_INITIATED',
  'STATEMENT_STATUS_GENERATED',
  'STATEMENT_STATUS_PAID',
] as const;
const StatementStatusSchema = z.enum(STATEMENT_STATUSES);
export type StatementStatus = z.infer<typeof StatementStatusSchema>;

const STATEMENT_ORDERS = ['DESC', 'ASC'] as const;
export const STATEMENTS_DEFAULT_LIMIT = 100;
/** Our documented maximum page size (the upstream contract does not state one). */
export const STATEMENTS_MAX_LIMIT = 1000;

// ---- Response (tolerant: unknown fields kept, unknown enum values kept as raw strings) ----
// The service publishes no required member in a page, a statement or a balance: each may be
// missing or null ("not given"); a value of the wrong type is left out and the statement marked
// `unreadable` (see tolerant-read.ts), so one bad statement never fails the page.

const StatementBalanceSchema = z.looseObject({
  asset: z.string().optional(),
  amount_paid: z.string().optional(),
  total_amount_owed: z.string().optional(),
  next_payment_ref_id: z.string().optional(),
});
export type StatementBalance = z.infer<typeof StatementBalanceSchema>;

const StatementFileSchema = z.looseObject({
  url: z.string().optional(),
  expires_at: z.string().optional(),
  format: z.string().optional(),
  name: z.string().optional(),
});

const StatementMetadataSchema = z.looseObject({ total_amount: z.string().optional() });

const StatementObjectSchema = z.looseObject({
  id: z.string().optional(),
  ref_id: z.string().optional(),
  customer_id: z.string().optional(),
  type: openEnum(['STATEMENT_TYPE_USDG_REWARD']).optional(),
  product: openEnum(['USDG_REWARDS']).optional(),
  status: openEnum(STATEMENT_STATUSES).optional(),
  metadata: StatementMetadataSchema.optional(),
  statement_balances: z.array(StatementBalanceSchema).optional(),
  period_start: z.string().optional(),
  period_end: z.string().optional(),
  generated_at: z.string().optional(),
  created_at: z.string().optional(),
  paid_at: z.string().optional(),
  statement_group_id: z.string().optional(),
  // A 64-bit integer: JSON gateways send it as a string, others as a number.
  version: z.union([z.string(), z.number()]).optional(),
  files: z.array(StatementFileSchema).optional(),
  /** Set by this console when part of the statement could not be read. */
  unreadable: UnreadableSchema.optional(),
});

export const StatementSchema = tolerant(StatementObjectSchema, { nothingRequired: true });

// The members the contract names, read from the schemas above (one list, in their order): the
// CSV export's columns, the detail page's "other fields" and the local upstream's sloppy pages
// derive from these, so a member added to a schema reaches all three.

/** A statement's members as the service sends them (not `unreadable`, which the console sets). */
export const STATEMENT_FIELDS = Object.keys(StatementObjectSchema.shape).filter(
  (field) => field !== 'unreadable',
) as Array<Exclude<keyof typeof StatementObjectSchema.shape, 'unreadable'>>;
export const STATEMENT_METADATA_FIELDS = Object.keys(StatementMetadataSchema.shape) as Array<
  keyof typeof StatementMetadataSchema.shape
>;
export const STATEMENT_BALANCE_FIELDS = Object.keys(StatementBalanceSchema.shape) as Array<
  keyof typeof StatementBalanceSchema.shape
>;
export const STATEMENT_FILE_FIELDS = Object.keys(StatementFileSchema.shape) as Array<
  keyof typeof StatementFileSchema.shape
>;
export type Statement = z.infer<typeof StatementSchema>;

export const ListStatementsResponseSchema = z.preprocess(
  // An empty page may come as `{}` (no `statements`), or with nulls for "not given".
  withoutNullMembers,
  z.looseObject({
    statements: z.array(StatementSchema).default([]),
    // Present while more pages remain; absent or empty at the end.
    next_page_cursor: z.string().optional(),
  }),
);
export type ListStatementsResponse = z.infer<typeof ListStatementsResponseSchema>;

// ---- Request (strict) ----

const id = z.string().trim().min(1).max(128);

const ListStatementsQueryObject = z.strictObject({
  customer_id: id,
  ref_ids: repeated(id),
  statement_ids: repeated(id),
  statuses: repeated(StatementStatusSchema),
  limit: queryLimit(STATEMENTS_MAX_LIMIT),
  order: z.enum(STATEMENT_ORDERS).optional(),
  page_cursor: z.string().min(1).max(2048).optional(),
});
export const ListStatementsQuerySchema = ListStatementsQueryObject.superRefine(checkSafeText);
export type ListStatementsQuery = z.infer<typeof ListStatementsQuerySchema>;

/** Serialises a query the way the upstream reads it: arrays as repeated parameters. */
export function statementsQueryToSearchParams(query: ListStatementsQuery): URLSearchParams {
  return queryToSearchParams(query);
}

import { z } from 'zod';
import { DECIMAL_PATTERN } from './decimal';
import { openEnum } from './open-enum';
import { queryLimit, queryToSearchParams, repeated, withoutNullMembers } from './query-values';
import { checkSafeText } from './safe-text';
import { tolerant, UnreadableSchema } from './tolerant-read';

// GET /v2/statements/payments (scope statements:read_payment): the payments that settle
// statements (upstream-facts.md, "Reconciliation"). The local upstream, the BFF and the SPA read
// the same schemas here.

const PAYMENT_STATUSES = [
  'PAYMENT_STATUS_PENDING',
  'PAYMENT_STATUS_COMPLETED',
  'PAYMENT_STATUS_FAILED',
] as const;
export const COMPLETED_PAYMENT = 'PAYMENT_STATUS_COMPLETED';
const PAYMENT_PRODUCTS = ['USDG_REWARDS'] as const;
const PAYMENT_ORDERS = ['DESC', 'ASC'] as const;
export const PAYMENTS_DEFAULT_LIMIT = 100;
/** Our documented maximum page size (the service states none), as for statements. */
export const PAYMENTS_MAX_LIMIT = 1000;

// ---- Response (tolerant: no member is marked required; unknown statuses kept as they come) ----

const PaymentObjectSchema = z.looseObject({
  id: z.string().optional(),
  customer_id: z.string().optional(),
  profile_id: z.string().optional(),
  account_id: z.string().optional(),
  /** The ref_id of the statement this payment settles. */
  ref_id: z.string().optional(),
  product: openEnum(PAYMENT_PRODUCTS).optional(),
  payment_type: openEnum(['PAYMENT_TYPE_CRYPTO_WITHDRAWAL']).optional(),
  payment_source: z.string().optional(),
  /** The id of the payout address, not the address itself. */
  payment_destination: z.string().optional(),
  payment_asset: z.string().optional(),
  // Money is a decimal string: a JSON number or "1e3" is left unread (and named), never a guess.
  payment_amount: z.string().regex(DECIMAL_PATTERN).optional(),
  payment_status: openEnum(PAYMENT_STATUSES).optional(),
  payment_tx_id: z.string().optional(),
  description: z.string().optional(),
  /** A string in the published schema (not an object). */
  metadata: z.string().optional(),
  created_at: z.string().optional(),
  processed_at: z.string().optional(),
  /** Set by this console when part of the payment could not be read. */
  unreadable: UnreadableSchema.optional(),
});

export const StatementPaymentSchema = tolerant(PaymentObjectSchema, { nothingRequired: true });
export type StatementPayment = z.infer<typeof StatementPaymentSchema>;

/** A payment's members as the service sends them, in order: the CSV export's columns. */
export const STATEMENT_PAYMENT_FIELDS = Object.keys(PaymentObjectSchema.shape).filter(
  (field) => field !== 'unreadable',
) as Array<Exclude<keyof typeof PaymentObjectSchema.shape, 'unreadable'>>;

export const ListStatementPaymentsResponseSchema = z.preprocess(
  // An empty page may come as `{}`, or with nulls for "not given".
  withoutNullMembers,
  z.looseObject({
    payments: z.array(StatementPaymentSchema).default([]),
    // A string, empty (or absent) at the end.
    next_page_cursor: z.string().optional(),
  }),
);
export type ListStatementPaymentsResponse = z.infer<typeof ListStatementPaymentsResponseSchema>;

// ---- Request (strict) ----

const id = z.string().trim().min(1).max(128);

/** The parameters a lookup by ref_ids or payment_ids may not be combined with (nor each other). */
const BY_CUSTOMER_KEYS = [
  'customer_id',
  'product',
  'payment_status',
  'limit',
  'order',
  'page_cursor',
] as const;

const ListStatementPaymentsQueryObject = z.strictObject({
  ref_ids: repeated(id, { min: 1 }),
  payment_ids: repeated(id, { min: 1 }),
  customer_id: id.optional(),
  product: z.enum(PAYMENT_PRODUCTS).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  limit: queryLimit(PAYMENTS_MAX_LIMIT),
  order: z.enum(PAYMENT_ORDERS).optional(),
  page_cursor: z.string().min(1).max(2048).optional(),
});

type QueryObject = z.infer<typeof ListStatementPaymentsQueryObject>;

/**
 * The published rule: `ref_ids` or `payment_ids` alone (with either, no other parameter is
 * allowed), otherwise `customer_id` together with `product`.
 */
function checkShape(query: QueryObject, ctx: z.RefinementCtx): void {
  const byIds = (['ref_ids', 'payment_ids'] as const).filter((key) => query[key] !== undefined);
  if (byIds.length > 0) {
    const lookup = byIds[0]!;
    for (const key of [...byIds.slice(1), ...BY_CUSTOMER_KEYS])
      if (query[key] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} cannot be combined with ${lookup}: with ref_ids or payment_ids no other parameter is allowed`,
        });
    return;
  }
  for (const key of ['customer_id', 'product'] as const)
    if (query[key] === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `${key} is required (customer_id with product), unless ref_ids or payment_ids are given`,
      });
}

export const ListStatementPaymentsQuerySchema = ListStatementPaymentsQueryObject.superRefine(
  (query, ctx) => {
    checkSafeText(query, ctx);
    checkShape(query, ctx);
  },
);
export type ListStatementPaymentsQuery = z.infer<typeof ListStatementPaymentsQuerySchema>;

/** Serialises a query the way the service reads it: arrays as repeated parameters. */
export function paymentsQueryToSearchParams(query: ListStatementPaymentsQuery): URLSearchParams {
  return queryToSearchParams(query);
}

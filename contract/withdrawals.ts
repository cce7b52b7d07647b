import { z } from 'zod';
import { precisionIssue } from './asset-precision';
import { CryptoNetworkSchema, ResponseCryptoNetworkSchema } from './crypto-network';
import { DecimalStringSchema, isPositiveDecimal } from './decimal';
import { openEnum } from './open-enum';
import { tolerant, UnreadableSchema } from './tolerant-read';
import { validateAddress, type AddressValidationOptions } from './networks';
import { checkSafeText } from './safe-text';
import { GUARANTEED_FEE_NEEDS_AMOUNT } from './fee-quote-match';
import { TravelRuleNameSchema } from './travel-rule-name';

export const METADATA_MAX_PAIRS = 6;
export const METADATA_MAX_LENGTH = 100;

/**
 * A key JavaScript objects cannot hold as data: assigning it sets the prototype, and zod's record
 * skips it without a word. A pair under it would be dropped silently (the rest sent as if whole),
 * so it is refused by name, in the form and in the BFF.
 */
export const UNSAFE_METADATA_KEY = '__proto__';
export const UNSAFE_METADATA_KEY_MESSAGE =
  'The key "__proto__" cannot be kept (it names an object\u2019s prototype): choose another key';

const MetadataRecordSchema = z
  .record(
    z
      .string()
      .min(1, 'Metadata keys are not empty')
      .max(METADATA_MAX_LENGTH, `Keys are at most ${METADATA_MAX_LENGTH} characters`),
    z.string().max(METADATA_MAX_LENGTH, `Values are at most ${METADATA_MAX_LENGTH} characters`),
  )
  .refine((m) => Object.keys(m).length <= METADATA_MAX_PAIRS, {
    message: `At most ${METADATA_MAX_PAIRS} metadata pairs`,
  });

export const WithdrawalMetadataSchema = z.preprocess((raw, ctx) => {
  // Read from the raw input: the parsed record never sees this key.
  if (typeof raw === 'object' && raw !== null && Object.hasOwn(raw, UNSAFE_METADATA_KEY))
    ctx.addIssue({
      code: 'custom',
      path: [UNSAFE_METADATA_KEY],
      message: UNSAFE_METADATA_KEY_MESSAGE,
      input: raw,
    });
  return raw;
}, MetadataRecordSchema);

/** A client idempotency id: the SPA makes a UUID; anything URL- and log-safe is accepted. */
export const RefIdSchema = z
  .string()
  .min(1, 'Required')
  .max(128, 'At most 128 characters')
  .regex(/^[A-Za-z0-9._:-]+$/, 'Letters, digits and . _ : - only');

const id = z.string().trim().min(1, 'Required').max(128, 'At most 128 characters');

/** A profile id as a withdrawal names it (the balances route validates its path the same way). */
export const ProfileIdSchema = id;

/**
 * The deprecated `beneficiary` of a withdrawal, in its published shape: exactly one of
 * `person_details` (`first_name`, `last_name`) or `institution_details` (`name`), strict, names
 * as typed. Accepted (API only, never offered by the SPA) so a client of the deprecated field is
 * forwarded what the service defines; `{ self: true }`, which it does not define, is refused.
 * Travel Rule data belongs on the destination address, where the console reviews it.
 */
export const WithdrawalBeneficiarySchema = z
  .strictObject({
    person_details: z
      .strictObject({ first_name: TravelRuleNameSchema, last_name: TravelRuleNameSchema })
      .optional(),
    institution_details: z.strictObject({ name: TravelRuleNameSchema }).optional(),
  })
  .refine((b) => (b.person_details === undefined) !== (b.institution_details === undefined), {
    message: 'Give either person_details or institution_details, not both',
  });

const withdrawalFields = {
  profile_id: id,
  destination_address: z.string().trim().min(1, 'Required').max(256),
  crypto_network: CryptoNetworkSchema,
  asset: z.string().regex(/^[A-Z0-9]{2,12}$/, 'An asset code such as BTC or USDG'),
  ref_id: RefIdSchema.optional(),
  identity_id: id.optional(),
  account_id: id.optional(),
  balance_asset: z
    .string()
    .regex(/^[A-Z0-9]{2,12}$/, 'An asset code such as USD')
    .optional(),
  amount: DecimalStringSchema.refine(
    isPositiveDecimal,
    'The amount must be more than zero',
  ).optional(),
  total: DecimalStringSchema.refine(
    isPositiveDecimal,
    'The total must be more than zero',
  ).optional(),
  fee_id: id.optional(),
  memo: z.string().max(100, 'At most 100 characters').optional(),
  metadata: WithdrawalMetadataSchema.optional(),
  /** Deprecated upstream: Travel Rule data belongs on the destination address. Accepted, never offered. */
  beneficiary: WithdrawalBeneficiarySchema.optional(),
};

type WithdrawalShape = {
  asset: string;
  amount?: string;
  total?: string;
  fee_id?: string;
  crypto_network: z.infer<typeof CryptoNetworkSchema>;
  destination_address: string;
};

function refineWithdrawal(options: AddressValidationOptions) {
  return (body: WithdrawalShape, ctx: z.RefinementCtx) => {
    if ((body.amount === undefined) === (body.total === undefined)) {
      const message = 'Give exactly one of amount (send exactly) or total (debit exactly)';
      ctx.addIssue({
        code: 'custom',
        path: [body.amount === undefined ? 'amount' : 'total'],
        message,
      });
    }
    // The service guarantees a quoted fee for an amount no larger than the quote's: a total
    // with a fee_id would only be refused (fee-quote-match.ts).
    if (body.total !== undefined && body.amount === undefined && body.fee_id !== undefined)
      ctx.addIssue({ code: 'custom', path: ['fee_id'], message: GUARANTEED_FEE_NEEDS_AMOUNT });
    // The service refuses more decimal places than the asset has (400 exceed-precision).
    for (const field of ['amount', 'total'] as const) {
      const value = body[field];
      const issue = value === undefined ? undefined : precisionIssue(body.asset, value);
      if (issue !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: issue });
    }
    const result = validateAddress(body.crypto_network, body.destination_address, options);
    if (!result.valid)
      ctx.addIssue({ code: 'custom', path: ['destination_address'], message: result.reason });
  };
}

/** The upstream request of POST /v2/transfer/crypto-withdrawals (strict). */
export function createCryptoWithdrawalRequestSchema(options: AddressValidationOptions) {
  return z
    .strictObject(withdrawalFields)
    .superRefine(refineWithdrawal(options))
    .superRefine(checkSafeText);
}
export type CreateCryptoWithdrawalRequest = z.infer<
  ReturnType<typeof createCryptoWithdrawalRequestSchema>
>;

/** The BFF's POST /api/withdrawals: the same body, with the ref_id the SPA made required. */
export function createSubmitWithdrawalRequestSchema(options: AddressValidationOptions) {
  return z
    .strictObject({ ...withdrawalFields, ref_id: RefIdSchema })
    .superRefine(refineWithdrawal(options))
    .superRefine(checkSafeText);
}
export type SubmitWithdrawalRequest = z.infer<
  ReturnType<typeof createSubmitWithdrawalRequestSchema>
>;

// ---- Response: the full transfer record (tolerant) ----

export const TRANSFER_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;

const TransferObjectSchema = z.looseObject({
  id: z.string(),
  status: openEnum(TRANSFER_STATUSES),
  customer_id: z.string().optional(),
  profile_id: z.string().optional(),
  identity_id: z.string().optional(),
  account_id: z.string().optional(),
  ref_id: z.string().optional(),
  amount: z.string().optional(),
  total: z.string().optional(),
  fee: z.string().optional(),
  asset: z.string().optional(),
  balance_asset: z.string().optional(),
  direction: openEnum(['CREDIT', 'DEBIT']).optional(),
  type: openEnum(['CRYPTO_WITHDRAWAL']).optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  destination_address: z.string().optional(),
  crypto_network: ResponseCryptoNetworkSchema.optional(),
  crypto_tx_hash: z.string().optional(),
  // An index is a position, not money: a number from the upstream is kept, as its digits.
  crypto_tx_index: z
    .union([
      z.string(),
      z
        .number()
        .int()
        .transform((n) => String(n)),
    ])
    .optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  memo: z.string().optional(),
  notional_value: z.string().optional(),
  auto_conversion: z.unknown().optional(),
  /** Set by this console when part of the record could not be read. */
  unreadable: UnreadableSchema.optional(),
});

/**
 * A transfer record as the upstream answers it (tolerant: unknown fields kept, unknown enum values
 * kept raw, optional fields absent or null). Amounts stay decimal strings: a JSON number there is
 * never read as a float; it is left out and named in `unreadable`, with the raw record. Only a
 * record without a readable `id` and `status` is refused: nothing could be tracked by it.
 */
export const TransferSchema = tolerant(TransferObjectSchema);
export type Transfer = z.infer<typeof TransferSchema>;

import type { Resolver, ResolverResult } from 'react-hook-form';
import { z } from 'zod';
import { CRYPTO_NETWORKS } from '#contract/crypto-network';
import type { AddressValidationOptions } from '#contract/networks';
import {
  createCryptoWithdrawalRequestSchema,
  type CreateCryptoWithdrawalRequest,
} from '#contract/withdrawals';
import { parseEntityId } from '#web/lib/entity-id';
import { toNestedErrors } from '#web/lib/nested-form-errors';
import { aboveAvailable, type AvailableBalance } from './above-available';
import { metadataPairsToObject } from './metadata-pairs';

type FormErrors = Record<string, string>;

/**
 * What the form edits: strings as typed, the amount with its mode ("Send exactly" fills `amount`,
 * the fee on top; "Debit exactly" fills `total`, fee included), metadata as rows. The one model of
 * a withdrawal on the web: these values are the form's, the stored draft's (parsed, never cast:
 * storage is outside our control) and, through toWithdrawalRequest and the contract's schema, the
 * request's. A new request field is one member here and one line there.
 */
export const WithdrawalFormValuesSchema = z.object({
  profile_id: z.string(),
  asset: z.string(),
  crypto_network: z.union([z.enum(CRYPTO_NETWORKS), z.literal('')]),
  destination_address: z.string(),
  amount_mode: z.enum(['amount', 'total']),
  amount_value: z.string(),
  memo: z.string(),
  fee_id: z.string(),
  identity_id: z.string(),
  account_id: z.string(),
  balance_asset: z.string(),
  metadata: z.array(z.object({ key: z.string(), value: z.string() })),
});
export type WithdrawalFormValues = z.infer<typeof WithdrawalFormValuesSchema>;

export const EMPTY_WITHDRAWAL_FORM: WithdrawalFormValues = {
  profile_id: '',
  asset: '',
  crypto_network: '',
  destination_address: '',
  amount_mode: 'amount',
  amount_value: '',
  memo: '',
  fee_id: '',
  identity_id: '',
  account_id: '',
  balance_asset: '',
  metadata: [],
};

const optional = (value: string): string | undefined => {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/**
 * The request body (without ref_id) the form stands for. Blank optional fields are left out
 * rather than sent empty; the result is checked by the contract schema, never trusted as is.
 */
export function toWithdrawalRequest(values: WithdrawalFormValues): {
  body: Partial<CreateCryptoWithdrawalRequest> & Record<string, unknown>;
  errors: { path: string; message: string }[];
} {
  const { metadata, errors } = metadataPairsToObject(values.metadata);
  const body: Record<string, unknown> = {
    profile_id: values.profile_id.trim(),
    asset: values.asset.trim().toUpperCase(),
    crypto_network: values.crypto_network === '' ? undefined : values.crypto_network,
    destination_address: values.destination_address.trim(),
    [values.amount_mode]: values.amount_value.trim(),
    // A memo is sent exactly as typed (on-chain memos can be whitespace-sensitive), when given.
    memo: values.memo === '' ? undefined : values.memo,
    fee_id: optional(values.fee_id),
    identity_id: optional(values.identity_id),
    account_id: optional(values.account_id),
    balance_asset: optional(values.balance_asset)?.toUpperCase(),
    metadata,
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return { body, errors };
}

/** Maps a request path ("amount", "metadata.invoice") to the form field that shows its error. */
export function formPathForRequestPath(path: string): string {
  if (path === 'amount' || path === 'total') return 'amount_value';
  if (path === 'metadata' || path.startsWith('metadata.')) return 'metadata';
  return path;
}

/**
 * Checks the form with the contract's own request schema (the one the BFF applies), so the form
 * never disagrees with the server. Returns the body to review, or errors keyed by form field.
 */
export function validateWithdrawalForm(
  values: WithdrawalFormValues,
  options: AddressValidationOptions,
): { ok: true; body: CreateCryptoWithdrawalRequest } | { ok: false; errors: FormErrors } {
  // A profile id is a UUID: normalised (case-insensitive) and refused when cut off, before review.
  const profile = parseEntityId(values.profile_id, 'profile id');
  const { body, errors: rowErrors } = toWithdrawalRequest(
    profile.ok ? { ...values, profile_id: profile.id } : values,
  );
  const errors: FormErrors = {};
  if (!profile.ok && values.profile_id.trim() !== '') errors.profile_id = profile.message;
  for (const e of rowErrors) errors[e.path] ??= e.message;
  const parsed = createCryptoWithdrawalRequestSchema(options).safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = formPathForRequestPath(issue.path.map(String).join('.') || 'form');
      errors[path] ??= issue.message;
    }
  }
  if (values.crypto_network === '') errors.crypto_network = 'Choose the network';
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/** What a valid submit hands on: the values as typed (the draft) and the body they stand for. */
export interface ReviewedWithdrawal {
  values: WithdrawalFormValues;
  body: CreateCryptoWithdrawalRequest;
}

/** What the form knows besides its values: the chosen profile's balance of the asset, if read. */
export interface WithdrawalFormContext {
  balance?: AvailableBalance | undefined;
}

/**
 * The form's resolver: the contract's own request schema decides (see withdrawal-form-validation.ts),
 * so the form cannot accept what the BFF would refuse. It runs the schema once per validation and
 * hands the parsed body on with the values, so a submit never parses the same values again. An
 * amount above the balance the form read is stopped too, with the figures (above-available.ts).
 */
export function withdrawalFormResolver(
  options: AddressValidationOptions,
): Resolver<WithdrawalFormValues, unknown, ReviewedWithdrawal> {
  return (values, context): ResolverResult<WithdrawalFormValues, ReviewedWithdrawal> => {
    const result = validateWithdrawalForm(values, options);
    if (!result.ok)
      return { values: {}, errors: toNestedErrors<WithdrawalFormValues>(result.errors) };
    const above = aboveAvailable(
      result.body,
      (context as WithdrawalFormContext | undefined)?.balance,
    );
    if (above)
      return { values: {}, errors: toNestedErrors<WithdrawalFormValues>({ amount_value: above }) };
    return { values: { values, body: result.body }, errors: {} };
  };
}

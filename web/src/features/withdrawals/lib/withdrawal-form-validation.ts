import {
  createCryptoWithdrawalRequestSchema,
  type CreateCryptoWithdrawalRequest,
} from '#contract/withdrawals';
import type { AddressValidationOptions } from '#contract/networks';
import { parseEntityId } from '#web/lib/entity-id';
import {
  formPathForRequestPath,
  toWithdrawalRequest,
  type WithdrawalFormValues,
} from './withdrawal-form-values';

type FormErrors = Record<string, string>;

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

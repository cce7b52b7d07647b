import type { Resolver, ResolverResult } from 'react-hook-form';
import type { AddressValidationOptions } from '#contract/networks';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { toNestedErrors } from '#web/lib/nested-form-errors';
import { aboveAvailable, type AvailableBalance } from './above-available';
import { validateWithdrawalForm } from './withdrawal-form-validation';
import type { WithdrawalFormValues } from './withdrawal-form-values';

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

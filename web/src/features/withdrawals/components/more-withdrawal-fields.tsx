import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '#web/components/ui/text-field';
import type { ReviewedWithdrawal } from '../lib/withdrawal-form-model';
import type { WithdrawalFormValues } from '../lib/withdrawal-form-model';
import { MetadataFields } from './metadata-fields';

interface MoreWithdrawalFieldsProps {
  values: WithdrawalFormValues;
  control: Control<WithdrawalFormValues, unknown, ReviewedWithdrawal>;
  register: UseFormRegister<WithdrawalFormValues>;
  errors: FieldErrors<WithdrawalFormValues>;
}

const MORE_FIELDS = ['fee_id', 'identity_id', 'account_id', 'balance_asset'] as const;

/** The optional fields, folded away unless one holds something or an error. */
export function MoreWithdrawalFields({
  values,
  control,
  register,
  errors,
}: MoreWithdrawalFieldsProps) {
  const moreHasContent =
    MORE_FIELDS.some((key) => (values[key] ?? '') !== '') || (values.metadata?.length ?? 0) > 0;
  const moreHasError = MORE_FIELDS.some((key) => errors[key]) || !!errors.metadata;
  return (
    <details className="more" open={moreHasContent || moreHasError || undefined}>
      <summary>More: fee quote, identity, account, balance asset, metadata</summary>
      <div className="form-grid">
        <TextField
          label="Fee id"
          mono
          autoComplete="off"
          hint="A fee quote to honour (“Send exactly” only: the service refuses it with a total); it expires"
          {...register('fee_id')}
          error={errors.fee_id?.message}
        />
        <TextField
          label="Identity id"
          mono
          autoComplete="off"
          hint="Third-party flows: the end user making the withdrawal"
          {...register('identity_id')}
          error={errors.identity_id?.message}
        />
        <TextField
          label="Account id"
          mono
          autoComplete="off"
          {...register('account_id')}
          error={errors.account_id?.message}
        />
        <TextField
          label="Balance asset"
          autoComplete="off"
          autoCapitalize="characters"
          hint="The balance to debit, when it differs from the asset"
          {...register('balance_asset')}
          error={errors.balance_asset?.message}
        />
        <MetadataFields control={control} register={register} errors={errors} />
      </div>
    </details>
  );
}

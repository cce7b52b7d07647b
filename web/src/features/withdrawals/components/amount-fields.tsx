import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ApprovalPolicy } from '#contract/approvals';
import { RadioGroup } from '#web/components/ui/radio-group';
import { TextField } from '#web/components/ui/text-field';
import { formatDecimalForDisplay } from '#web/lib/decimal';
import type { WithdrawalFormValues } from '../lib/withdrawal-form-model';
import { ApprovalRequirementNote } from './approval-requirement-note';

interface AmountFieldsProps {
  values: WithdrawalFormValues;
  register: UseFormRegister<WithdrawalFormValues>;
  errors: FieldErrors<WithdrawalFormValues>;
  /** The four-eyes policy in force: the form says which withdrawals wait for approval. */
  approvalPolicy?: ApprovalPolicy | undefined;
  /** What the profile has available of the asset, when read: the field's hint says it. */
  available?: string | undefined;
}

/** How much: sent exactly or debited exactly, the figure, and whether it waits for approval. */
export function AmountFields({
  values,
  register,
  errors,
  approvalPolicy,
  available,
}: AmountFieldsProps) {
  const amountLabel = values.amount_mode === 'total' ? 'Total to debit' : 'Amount to send';
  const asset = (values.asset ?? '').trim().toUpperCase();
  return (
    <>
      <RadioGroup
        legend="How much"
        className="form-grid__wide"
        options={[
          {
            value: 'amount',
            label: 'Send exactly',
            hint: 'the destination receives this amount; the network fee comes on top',
          },
          {
            value: 'total',
            label: 'Debit exactly',
            hint: 'the profile is debited this total; the fee is taken out of it (no guaranteed fee quote)',
          },
        ]}
        {...register('amount_mode')}
      />
      <TextField
        label={amountLabel}
        required
        mono
        inputMode="decimal"
        autoComplete="off"
        hint={
          asset === ''
            ? 'A plain decimal such as 0.25'
            : available === undefined
              ? `In ${asset}, as a plain decimal such as 0.25`
              : `In ${asset}, as a plain decimal; ${formatDecimalForDisplay(available)} ${asset} available`
        }
        {...register('amount_value')}
        error={errors.amount_value?.message}
      />
      <div className="form-grid__wide">
        <ApprovalRequirementNote
          policy={approvalPolicy}
          asset={(values.asset ?? '').trim().toUpperCase()}
          {...(values.amount_mode === 'total'
            ? { total: (values.amount_value ?? '').trim() }
            : { amount: (values.amount_value ?? '').trim() })}
        />
      </div>
    </>
  );
}

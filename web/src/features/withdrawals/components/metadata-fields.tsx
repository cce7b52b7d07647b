import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { OPERATOR_METADATA_PAIRS, RESERVED_METADATA_KEYS } from '#contract/approvals';
import { METADATA_MAX_LENGTH } from '#contract/withdrawals';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import type { WithdrawalFormValues } from '../lib/withdrawal-form-model';

/** `TSubmitted`: what the form's resolver hands a valid submit (the field array never reads it). */
interface MetadataFieldsProps<TSubmitted = WithdrawalFormValues> {
  control: Control<WithdrawalFormValues, unknown, TSubmitted>;
  register: UseFormRegister<WithdrawalFormValues>;
  errors: FieldErrors<WithdrawalFormValues>;
}

/**
 * Key/value pairs, each at most 100 characters (docs/upstream-contract.md). The service takes six;
 * the console stamps its attribution (initiator, approvers, request id) on every withdrawal, so
 * the operator has the rest, and the count says so.
 */
export function MetadataFields<TSubmitted>({
  control,
  register,
  errors,
}: MetadataFieldsProps<TSubmitted>) {
  const { fields, append, remove } = useFieldArray({ control, name: 'metadata' });
  const listError = errors.metadata?.message;
  const left = Math.max(OPERATOR_METADATA_PAIRS - fields.length, 0);
  return (
    <fieldset className="field form-grid__wide">
      <legend className="field__label">Metadata</legend>
      <span className="field__hint">
        Optional pairs carried with the transfer (your references, an invoice number), each key and
        value at most {METADATA_MAX_LENGTH} characters. The console adds its own (
        {RESERVED_METADATA_KEYS.join(', ')}: who initiated and approved it).
      </span>
      <span className="field__hint" aria-live="polite">
        {left} of {OPERATOR_METADATA_PAIRS} pairs left for your own keys
      </span>
      {fields.map((field, index) => (
        <div key={field.id} className="metadata-row">
          <TextField
            label={`Key ${index + 1}`}
            maxLength={METADATA_MAX_LENGTH}
            {...register(`metadata.${index}.key`)}
            error={errors.metadata?.[index]?.key?.message}
          />
          <TextField
            label={`Value ${index + 1}`}
            maxLength={METADATA_MAX_LENGTH}
            {...register(`metadata.${index}.value`)}
            error={errors.metadata?.[index]?.value?.message}
          />
          <Button
            size="small"
            variant="ghost"
            onClick={() => remove(index)}
            aria-label={`Remove metadata pair ${index + 1}`}
          >
            Remove
          </Button>
        </div>
      ))}
      {listError && <span className="field__error">{listError}</span>}
      <div>
        <Button
          size="small"
          onClick={() => append({ key: '', value: '' })}
          disabled={fields.length >= OPERATOR_METADATA_PAIRS}
        >
          Add metadata pair
        </Button>
      </div>
    </fieldset>
  );
}

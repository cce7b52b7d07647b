import { useWatch } from 'react-hook-form';
import { refusedTravelRuleCharacters, travelRuleAsciiSuggestion } from '#contract/travel-rule-text';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import type { AddressFormApi } from '../lib/address-form-values';

/**
 * The form fields the service's character rule applies to: the physical address lines only
 * (names are sent as typed, beneficiary-fields.tsx).
 */
type TravelRuleTextName =
  | 'physical_address.address1'
  | 'physical_address.address2'
  | 'physical_address.city'
  | 'physical_address.province'
  | 'physical_address.zip_code';

interface TravelRuleTextFieldProps {
  form: AddressFormApi;
  name: TravelRuleTextName;
  label: string;
  required?: boolean;
  className?: string;
  /** The service's limit, said in the hint. */
  maxLength: number;
}

/**
 * An address line under the service's character rule. When the operator types a character the
 * service refuses ("São Paulo"), the error says which, and the plain-ASCII spelling
 * ("Sao Paulo") is offered to accept with one click, or to edit by hand.
 */
export function TravelRuleTextField({
  form,
  name,
  label,
  required,
  className,
  maxLength,
}: TravelRuleTextFieldProps) {
  const value = useWatch({ control: form.control, name });
  const error = form.getFieldState(name, form.formState).error?.message;
  const refused = refusedTravelRuleCharacters(value);
  const suggestion = refused.length > 0 ? travelRuleAsciiSuggestion(value) : undefined;
  return (
    <div className={['travel-rule-text', className].filter(Boolean).join(' ')}>
      <TextField
        label={label}
        required={required}
        autoComplete="off"
        hint={`At most ${maxLength} characters, plain letters A-Z (no accents).`}
        error={error}
        // An address line needs a country: emptying the line re-checks the country's error.
        {...form.register(name, { deps: ['physical_address.country'] })}
      />
      {suggestion !== undefined && (
        <div className="ascii-suggestion" role="group" aria-label={`Plain spelling of ${label}`}>
          <span>
            In plain ASCII: <strong className="mono">{suggestion}</strong>. Use it, or edit the
            field.
          </span>
          <Button
            size="small"
            onClick={() =>
              form.setValue(name, suggestion, {
                shouldDirty: true,
                shouldTouch: true,
                shouldValidate: true,
              })
            }
          >
            Use “{suggestion}”
          </Button>
        </div>
      )}
    </div>
  );
}

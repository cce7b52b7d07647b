import { useWatch } from 'react-hook-form';
import { RadioGroup, type RadioOption } from '#web/components/ui/radio-group';
import { fieldError, type AddressFormApi } from '../lib/address-form-values';
import { PhysicalAddressFields } from './physical-address-fields';
import { TravelRuleTextField } from './travel-rule-text-field';

const BENEFICIARY_OPTIONS: readonly RadioOption[] = [
  {
    value: 'none',
    label: 'Not given now',
    hint: 'Withdrawals worth 3,000 USD or more to this address may be refused until it is added.',
  },
  { value: 'self', label: 'Self', hint: 'The account holder owns this address.' },
  { value: 'person', label: 'A person', hint: 'Someone else: name and physical address.' },
  {
    value: 'institution',
    label: 'An institution',
    hint: 'A company or other legal entity: name and physical address.',
  },
];

/** Who receives funds sent to the address: a person or an institution is named, with an address. */
export function BeneficiaryFields({ form }: { form: AddressFormApi }) {
  const kind = useWatch({ control: form.control, name: 'beneficiary_kind' });
  return (
    <>
      <RadioGroup
        legend="Beneficiary"
        hint="Who receives funds sent to this address."
        options={BENEFICIARY_OPTIONS}
        value={kind}
        error={fieldError(form, 'beneficiary_kind')}
        vertical
        {...form.register('beneficiary_kind')}
      />

      {kind === 'person' && (
        <div className="form-grid">
          <TravelRuleTextField
            form={form}
            name="first_name"
            label="First name"
            required
            maxLength={200}
          />
          <TravelRuleTextField
            form={form}
            name="last_name"
            label="Last name"
            required
            maxLength={200}
          />
        </div>
      )}
      {kind === 'institution' && (
        <div className="form-grid">
          <TravelRuleTextField
            form={form}
            name="institution_name"
            label="Institution name"
            required
            maxLength={200}
            className="form-grid__wide"
          />
        </div>
      )}
      {(kind === 'person' || kind === 'institution') && (
        <PhysicalAddressFields form={form} of={kind} />
      )}
    </>
  );
}

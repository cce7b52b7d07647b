import { useWatch } from 'react-hook-form';
import { RadioGroup, type RadioOption } from '#web/components/ui/radio-group';
import { fieldError, type AddressFormApi } from '../lib/address-form-values';
import { PhysicalAddressFields } from './physical-address-fields';
import { TextField } from '#web/components/ui/text-field';
import { TRAVEL_RULE_NAME_MAX } from '#contract/travel-rule-name';

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
          <NameField form={form} name="first_name" label="First name" />
          <NameField form={form} name="last_name" label="Last name" />
        </div>
      )}
      {kind === 'institution' && (
        <div className="form-grid">
          <NameField
            form={form}
            name="institution_name"
            label="Institution name"
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

/**
 * A beneficiary's name, sent as typed: the service's published schema puts no pattern on names
 * (accents and any script are fine); only the physical address lines are held to its characters.
 */
function NameField({
  form,
  name,
  label,
  className,
}: {
  form: AddressFormApi;
  name: 'first_name' | 'last_name' | 'institution_name';
  label: string;
  className?: string;
}) {
  return (
    <TextField
      label={label}
      required
      autoComplete="off"
      className={className}
      hint={`As the beneficiary writes it (accents are fine), at most ${TRAVEL_RULE_NAME_MAX} characters.`}
      error={fieldError(form, name)}
      {...form.register(name)}
    />
  );
}

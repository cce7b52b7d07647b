import { useMemo } from 'react';
import { Controller, useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import type { PutCryptoDestinationAddressRequest } from '../../../../../contract/destination-addresses';
import { Card } from '../../../components/ui/card';
import { Combobox } from '../../../components/ui/combobox';
import { RadioGroup, type RadioOption } from '../../../components/ui/radio-group';
import { TextField } from '../../../components/ui/text-field';
import type { AddressFormValues } from '../lib/address-form-values';
import { countryOptions } from '../lib/countries';
import { useMe } from '../../../app/me-queries';
import { VaspPicker } from './vasp-picker';

type Form = UseFormReturn<AddressFormValues, unknown, PutCryptoDestinationAddressRequest>;

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

const CUSTODY_OPTIONS: readonly RadioOption[] = [
  { value: 'none', label: 'Not given' },
  { value: 'VASP', label: 'A VASP', hint: 'An exchange or custodian holds the address.' },
  {
    value: 'PRIVATE',
    label: 'A self-hosted wallet',
    hint: 'The beneficiary holds the keys themselves; there is no VASP.',
  },
];

/** The Travel Rule part of the editor: who the beneficiary is, and where the address is held. */
export function TravelRuleFields({ form }: { form: Form }) {
  const { register, control, formState } = form;
  const directory = useMe().features.vasp_directory;
  const vaspId = useWatch({ control, name: 'vasp_id' });
  const errorOf = (name: Path<AddressFormValues>): string | undefined =>
    form.getFieldState(name, formState).error?.message;
  const kind = useWatch({ control, name: 'beneficiary_kind' });
  const custodian = useWatch({ control, name: 'custodian' });
  const countries = useMemo(() => countryOptions(), []);

  return (
    <Card title="Travel Rule">
      <div className="stack">
        <RadioGroup
          legend="Beneficiary"
          hint="Who receives funds sent to this address."
          options={BENEFICIARY_OPTIONS}
          value={kind}
          error={errorOf('beneficiary_kind')}
          vertical
          {...register('beneficiary_kind')}
        />

        {kind === 'person' && (
          <div className="form-grid">
            <TextField
              label="First name"
              required
              autoComplete="off"
              error={errorOf('first_name')}
              {...register('first_name')}
            />
            <TextField
              label="Last name"
              required
              autoComplete="off"
              error={errorOf('last_name')}
              {...register('last_name')}
            />
          </div>
        )}
        {kind === 'institution' && (
          <div className="form-grid">
            <TextField
              label="Institution name"
              required
              autoComplete="off"
              className="form-grid__wide"
              error={errorOf('institution_name')}
              {...register('institution_name')}
            />
          </div>
        )}
        {(kind === 'person' || kind === 'institution') && (
          <fieldset className="address-fieldset">
            <legend>Physical address of the {kind === 'person' ? 'person' : 'institution'}</legend>
            <div className="form-grid">
              <TextField
                label="Street"
                autoComplete="off"
                className="form-grid__wide"
                error={errorOf('physical_address.street_line_1')}
                {...register('physical_address.street_line_1')}
              />
              <TextField
                label="Street, line 2"
                autoComplete="off"
                className="form-grid__wide"
                error={errorOf('physical_address.street_line_2')}
                {...register('physical_address.street_line_2')}
              />
              <TextField
                label="City"
                autoComplete="off"
                error={errorOf('physical_address.city')}
                {...register('physical_address.city')}
              />
              <TextField
                label="Region or state"
                autoComplete="off"
                error={errorOf('physical_address.region')}
                {...register('physical_address.region')}
              />
              <TextField
                label="Postal code"
                autoComplete="off"
                error={errorOf('physical_address.postal_code')}
                {...register('physical_address.postal_code')}
              />
              <Controller
                control={control}
                name="physical_address.country_code"
                render={({ field, fieldState }) => (
                  <Combobox
                    label="Country"
                    hint="Type a name or a two-letter code"
                    placeholder="Search countries"
                    options={countries}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </div>
          </fieldset>
        )}

        <RadioGroup
          legend="Where the address is held"
          options={CUSTODY_OPTIONS}
          value={custodian}
          error={errorOf('custodian')}
          vertical
          {...register('custodian')}
        />
        {custodian === 'VASP' && (
          <VaspPicker
            feature={directory}
            value={vaspId ?? ''}
            onSelect={(vasp) => {
              form.setValue('vasp_id', vasp.id, { shouldDirty: true, shouldValidate: true });
              form.setValue('vasp_name', '', { shouldDirty: true });
            }}
            onNotListed={() => {
              form.setValue('vasp_id', '', { shouldDirty: true });
              form.setFocus('vasp_name');
            }}
          />
        )}
        {custodian === 'VASP' && (
          <div className="form-grid">
            <TextField
              label="VASP id"
              mono
              autoComplete="off"
              hint="Give the id, the name, or both"
              error={errorOf('vasp_id')}
              {...register('vasp_id')}
            />
            <TextField
              label="VASP name"
              autoComplete="off"
              error={errorOf('vasp_name')}
              {...register('vasp_name')}
            />
          </div>
        )}
        <TextField
          label="Transfer purpose"
          autoComplete="off"
          hint="Optional, for example: payment for services"
          error={errorOf('transfer_purpose')}
          {...register('transfer_purpose')}
        />
      </div>
    </Card>
  );
}

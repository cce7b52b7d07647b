import { useMemo } from 'react';
import { Controller, useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import type { PutCryptoDestinationAddressRequest } from '#contract/destination-addresses';
import { Card } from '#web/components/ui/card';
import { Combobox } from '#web/components/ui/combobox';
import { RadioGroup, type RadioOption } from '#web/components/ui/radio-group';
import { TextField } from '#web/components/ui/text-field';
import type { AddressFormValues } from '../lib/address-form-values';
import { countryOptions } from '../lib/countries';
import { TravelRuleTextField } from './travel-rule-text-field';
import { VaspIdField } from './vasp-id-field';
import { useMe } from '#web/lib/session';
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

const VASP_KIND_OPTIONS: readonly RadioOption[] = [
  {
    value: 'directory',
    label: 'From the directory',
    hint: 'The VASP id in the service’s directory.',
  },
  {
    value: 'custom',
    label: 'Not listed',
    hint: 'A VASP the directory does not list: its name and website.',
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
  const vaspKind = useWatch({ control, name: 'vasp_kind' });
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
          <fieldset className="address-fieldset">
            <legend>Physical address of the {kind === 'person' ? 'person' : 'institution'}</legend>
            <p className="muted">
              Optional. When given, the country is required; each line takes at most 35 characters.
            </p>
            <div className="form-grid">
              <Controller
                control={control}
                name="physical_address.country"
                render={({ field, fieldState }) => (
                  <Combobox
                    label="Country"
                    hint="Type a name or a three-letter code (USA, GBR, SGP)"
                    placeholder="Search countries"
                    options={countries}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    className="form-grid__wide"
                  />
                )}
              />
              <TravelRuleTextField
                form={form}
                name="physical_address.address1"
                label="Address line 1"
                maxLength={35}
                className="form-grid__wide"
              />
              <TravelRuleTextField
                form={form}
                name="physical_address.address2"
                label="Address line 2"
                maxLength={35}
                className="form-grid__wide"
              />
              <TravelRuleTextField
                form={form}
                name="physical_address.city"
                label="City"
                maxLength={35}
              />
              <TravelRuleTextField
                form={form}
                name="physical_address.province"
                label="Province or state"
                maxLength={35}
              />
              <TravelRuleTextField
                form={form}
                name="physical_address.zip_code"
                label="ZIP or postal code"
                maxLength={35}
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
          <div className="stack">
            <RadioGroup
              legend="Which VASP"
              options={VASP_KIND_OPTIONS}
              value={vaspKind}
              error={errorOf('vasp_kind')}
              {...register('vasp_kind')}
            />
            {vaspKind === 'directory' ? (
              <>
                <VaspPicker
                  feature={directory}
                  value={vaspId ?? ''}
                  onSelect={(vasp) =>
                    form.setValue('vasp_id', vasp.id, { shouldDirty: true, shouldValidate: true })
                  }
                  onNotListed={() => {
                    form.setValue('vasp_kind', 'custom', { shouldDirty: true });
                    form.setValue('vasp_id', '', { shouldDirty: true });
                  }}
                />
                <div className="form-grid">
                  <VaspIdField form={form} />
                </div>
              </>
            ) : (
              <div className="form-grid">
                <TextField
                  label="VASP name"
                  required
                  autoComplete="off"
                  error={errorOf('custom_vasp_name')}
                  {...register('custom_vasp_name')}
                />
                <TextField
                  label="VASP website"
                  required
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="example.com"
                  error={errorOf('custom_vasp_website')}
                  {...register('custom_vasp_website', { deps: ['custom_vasp_name'] })}
                />
              </div>
            )}
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

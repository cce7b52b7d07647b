import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { Combobox } from '#web/components/ui/combobox';
import type { AddressFormApi } from '../lib/address-form-values';
import { countryOptions } from '../lib/countries';
import { TravelRuleTextField } from './travel-rule-text-field';

/** The beneficiary's physical address: optional, but a country when given, lines of 35 at most. */
export function PhysicalAddressFields({
  form,
  of,
}: {
  form: AddressFormApi;
  of: 'person' | 'institution';
}) {
  const countries = useMemo(() => countryOptions(), []);
  return (
    <fieldset className="address-fieldset">
      <legend>Physical address of the {of}</legend>
      <p className="muted">
        Optional. When given, the country is required; each line takes at most 35 characters.
      </p>
      <div className="form-grid">
        <Controller
          control={form.control}
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
        <TravelRuleTextField form={form} name="physical_address.city" label="City" maxLength={35} />
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
  );
}

import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import type { PutCryptoDestinationAddressRequest } from '#contract/destination-addresses';
import { renderPage } from '#web-test/render-page';
import { ADDRESS_EDITOR_IN_PRODUCTION } from '#web-test/session';
import { createAddressFormResolver } from '../lib/address-form-resolver';
import {
  EMPTY_ADDRESS_FORM,
  toPutAddressRequest,
  type AddressFormValues,
} from '../lib/address-form-values';
import { TravelRuleDetails } from './travel-rule-details';
import { TravelRuleFields } from './travel-rule-fields';

afterEach(cleanup);

// The fields ask the session whether the VASP directory is on; here it is off (the plain id field).
const SESSION = ADDRESS_EDITOR_IN_PRODUCTION;

const renderUi = (ui: ReactNode) => renderPage(ui, { session: SESSION });

let latest: (() => AddressFormValues) | undefined;

function Harness({ initial }: { initial: AddressFormValues }) {
  const form = useForm<AddressFormValues, unknown, PutCryptoDestinationAddressRequest>({
    defaultValues: initial,
    resolver: createAddressFormResolver({ allowTestnet: false }),
    mode: 'onChange',
  });
  latest = () => form.getValues();
  return <TravelRuleFields form={form} />;
}

const person: AddressFormValues = {
  ...EMPTY_ADDRESS_FORM,
  crypto_network: 'ETHEREUM',
  address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
  beneficiary_kind: 'person',
  last_name: 'Lima',
};

const type = (label: string, value: string) =>
  act(() => {
    fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
  });

// Issue 25, item 4: the published schema restricts only the physical address lines; names
// (first_name, last_name, an institution's name) are sent as typed.
describe('names as typed, address lines under the service’s rule', () => {
  it('takes a name with accents as typed: no error, no plain spelling offered', async () => {
    renderUi(<Harness initial={person} />);
    await type('First name', 'José Müller');
    const field = screen.getByRole('textbox', { name: 'First name' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByText(/The service does not take/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Use “/ })).toBeNull();
    expect(toPutAddressRequest(latest!()).travelrule_metadata).toMatchObject({
      beneficiary: { person_details: { first_name: 'José Müller', last_name: 'Lima' } },
    });
  });

  it('says which characters an address line takes and offers the plain spelling, accepted in one click', async () => {
    renderUi(<Harness initial={{ ...person, first_name: 'José' }} />);
    await type('City', 'São Paulo');
    const field = screen.getByRole('textbox', { name: 'City' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    screen.getByText(/The service does not take “ã”: use letters A-Z/);
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Use “Sao Paulo”' }));
    });
    expect((field as HTMLInputElement).value).toBe('Sao Paulo');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByRole('button', { name: /^Use “/ })).toBeNull();
  });

  it('offers nothing when no plain spelling exists, but still says what is refused', async () => {
    renderUi(<Harness initial={person} />);
    await type('Address line 1', '東京');
    await waitFor(() =>
      expect(screen.getByText(/The service does not take “東”, “京”/)).toBeTruthy(),
    );
    expect(screen.queryByRole('button', { name: /^Use “/ })).toBeNull();
  });
});

describe('the VASP', () => {
  it('asks for a VASP not listed on its fields, and the request clears once both are typed', async () => {
    renderUi(<Harness initial={{ ...person, first_name: 'Ana' }} />);
    await act(() => {
      fireEvent.click(screen.getByRole('radio', { name: /^A VASP/ }));
    });
    await act(() => {
      fireEvent.click(screen.getByRole('radio', { name: /^Not listed/ }));
    });
    await type('VASP name', 'Small');
    await type('VASP name', '');
    await waitFor(() => expect(screen.getByText('Give the VASP’s name and website')).toBeTruthy());
    await type('VASP name', 'Small Exchange');
    await type('VASP website', 'small.example');
    await waitFor(() => expect(screen.queryByText('Give the VASP’s name and website')).toBeNull());
    expect(screen.queryByText('Required')).toBeNull();
    expect(screen.queryByText(/Name the VASP/)).toBeNull();
    expect(toPutAddressRequest(latest!()).travelrule_metadata).toMatchObject({
      custodian_type: 'VASP',
      vasp: { custom_vasp_name: 'Small Exchange', custom_vasp_website: 'small.example' },
    });
  });
});

describe('TravelRuleDetails', () => {
  it('shows a full GeographicAddress with the country named', () => {
    renderUi(
      <TravelRuleDetails
        metadata={{
          beneficiary: {
            person_details: {
              first_name: 'Ana',
              last_name: 'Lima',
              physical_address: {
                country: 'PRT',
                address1: 'Rua Augusta 24',
                address2: '2 Esq.',
                city: 'Lisboa',
                province: 'Lisboa',
                zip_code: '1100-053',
              },
            },
          },
          custodian_type: 'VASP',
          vasp: { custom_vasp_name: 'Small Exchange', custom_vasp_website: 'small.example' },
          transfer_purpose: 'Payroll',
        }}
      />,
    );
    for (const text of ['Rua Augusta 24', '2 Esq.', '1100-053', 'Portugal (PRT)', 'Payroll'])
      screen.getByText(text);
    screen.getByText('Not listed: Small Exchange');
    expect(screen.queryByText('Old format')).toBeNull();
  });

  it('shows old-format data, marked as such, and unknown fields raw', () => {
    renderUi(
      <TravelRuleDetails
        metadata={{
          beneficiary: {
            institution_details: {
              name: 'Example Treasury LLC',
              physical_address: {
                street_line_1: '200 Harbor Way',
                region: 'NY',
                country_code: 'US',
              },
            },
          },
          vasp: { name: 'Anchorage' },
          screening: 'passed',
        }}
      />,
    );
    expect(screen.getAllByText('Old format').length).toBeGreaterThan(0);
    screen.getByText('200 Harbor Way');
    screen.getByText('Street (old format)');
    screen.getByText('United States (US)');
    screen.getByText('Anchorage (old format: a name without a directory id)');
    screen.getByText('screening');
  });
});

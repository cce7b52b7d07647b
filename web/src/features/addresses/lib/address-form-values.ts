import type { CryptoNetwork } from '#contract/crypto-network';
import { isKnownCryptoNetwork } from '#contract/crypto-network';
import { alpha3FromAlpha2 } from '#contract/countries';
import type { Path, UseFormReturn } from 'react-hook-form';
import type {
  CryptoDestinationAddress,
  PhysicalAddressAnswer,
  PutCryptoDestinationAddressRequest,
  TravelRuleMetadata,
} from '#contract/destination-addresses';

type BeneficiaryKind = 'none' | 'self' | 'person' | 'institution';
/** Where the address is held: a VASP (exchange, custodian) or a self-hosted wallet. */
type CustodianKind = 'none' | 'VASP' | 'PRIVATE';
/** How the VASP is named: by its id in the service's directory, or by name and website. */
type VaspKind = 'directory' | 'custom';

/** A GeographicAddress as typed; `country` holds the ISO 3166-1 alpha-3 code. */
interface PhysicalAddressValues {
  country: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip_code: string;
}

/** What the address editor edits: strings as typed; the request is derived from it. */
export interface AddressFormValues {
  crypto_network: CryptoNetwork | '';
  address: string;
  identity_id: string;
  nickname: string;
  bookmarked: boolean;
  beneficiary_kind: BeneficiaryKind;
  first_name: string;
  last_name: string;
  institution_name: string;
  physical_address: PhysicalAddressValues;
  custodian: CustodianKind;
  vasp_kind: VaspKind;
  vasp_id: string;
  custom_vasp_name: string;
  custom_vasp_website: string;
  transfer_purpose: string;
  /**
   * The Travel Rule metadata, as this form would send it, of the saved address it was loaded
   * from ('' when nothing was loaded, or the saved data was in the old format). While the form
   * still stands for exactly that, `travelrule_metadata` is not sent, so the service keeps what
   * it holds, fields this form does not show included.
   */
  loaded_travel_rule: string;
}

/** The editor's react-hook-form instance: typed values in, the PUT request out (the resolver's). */
export type AddressFormApi = UseFormReturn<
  AddressFormValues,
  unknown,
  PutCryptoDestinationAddressRequest
>;

/**
 * A field's error message as the form holds it now (reading `formState` in render subscribes the
 * form to error changes, so the message stays current).
 */
export const fieldError = (
  form: AddressFormApi,
  name: Path<AddressFormValues>,
): string | undefined => form.getFieldState(name, form.formState).error?.message;

const EMPTY_PHYSICAL_ADDRESS: PhysicalAddressValues = {
  country: '',
  address1: '',
  address2: '',
  city: '',
  province: '',
  zip_code: '',
};

export const EMPTY_ADDRESS_FORM: AddressFormValues = {
  crypto_network: '',
  address: '',
  identity_id: '',
  nickname: '',
  bookmarked: false,
  beneficiary_kind: 'none',
  first_name: '',
  last_name: '',
  institution_name: '',
  physical_address: EMPTY_PHYSICAL_ADDRESS,
  custodian: 'none',
  vasp_kind: 'directory',
  vasp_id: '',
  custom_vasp_name: '',
  custom_vasp_website: '',
  transfer_purpose: '',
  loaded_travel_rule: '',
};

const opt = (value: string): string | undefined => {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** The GeographicAddress to send, or undefined when nothing of it was typed. */
function physicalAddress(values: PhysicalAddressValues): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  const country = opt(values.country);
  // `country` first: the service requires it, and the review reads in that order.
  if (country !== undefined) out.country = country.toUpperCase();
  for (const key of ['address1', 'address2', 'city', 'province', 'zip_code'] as const) {
    const v = opt(values[key]);
    if (v !== undefined) out[key] = v;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The `travelrule_metadata` the form's fields stand for (empty when none is given). */
function travelRuleFromForm(values: AddressFormValues): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  const place = physicalAddress(values.physical_address);
  if (values.beneficiary_kind === 'self') metadata.beneficiary = { self: true };
  if (values.beneficiary_kind === 'person') {
    metadata.beneficiary = {
      person_details: {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        ...(place && { physical_address: place }),
      },
    };
  }
  if (values.beneficiary_kind === 'institution') {
    metadata.beneficiary = {
      institution_details: {
        name: values.institution_name.trim(),
        ...(place && { physical_address: place }),
      },
    };
  }
  if (values.custodian === 'VASP') {
    metadata.custodian_type = 'VASP';
    // Exactly one way of naming the VASP travels: the directory id, or the custom pair.
    const vasp: Record<string, string> = {};
    if (values.vasp_kind === 'directory') {
      const id = opt(values.vasp_id);
      if (id) vasp.id = id;
    } else {
      const name = opt(values.custom_vasp_name);
      const website = opt(values.custom_vasp_website);
      if (name) vasp.custom_vasp_name = name;
      if (website) vasp.custom_vasp_website = website;
    }
    metadata.vasp = vasp;
  }
  if (values.custodian === 'PRIVATE') metadata.custodian_type = 'PRIVATE';
  const purpose = opt(values.transfer_purpose);
  if (purpose) metadata.transfer_purpose = purpose;
  return metadata;
}

/**
 * The PUT body the form stands for. Only the chosen beneficiary kind and VASP naming are sent
 * (fields typed for another choice stay in the form but never travel), blank optional fields are
 * left out, and the Travel Rule metadata of a loaded address is sent only when it changed.
 */
export function toPutAddressRequest(values: AddressFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    crypto_network: values.crypto_network === '' ? undefined : values.crypto_network,
    address: values.address.trim(),
    identity_id: opt(values.identity_id),
    nickname: opt(values.nickname),
    bookmarked_status: values.bookmarked,
  };
  const metadata = travelRuleFromForm(values);
  if (Object.keys(metadata).length > 0 && JSON.stringify(metadata) !== values.loaded_travel_rule)
    body.travelrule_metadata = metadata;
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Whether a saved physical address uses the older documentation's field names. */
export function isOldFormatPlace(place: PhysicalAddressAnswer | undefined): boolean {
  if (!place) return false;
  return ['street_line_1', 'street_line_2', 'region', 'postal_code', 'country_code'].some(
    (key) => place[key] !== undefined,
  );
}

/** Whether saved Travel Rule metadata holds anything in the old format (shown, never sent). */
export function isOldFormatTravelRule(metadata: TravelRuleMetadata | undefined): boolean {
  const b = metadata?.beneficiary;
  const vasp = metadata?.vasp;
  // A `vasp.name` without an id was typed by hand in the old format (the service answers `name`
  // only beside the directory `id` it names).
  const oldVasp = vasp !== undefined && vasp.name !== undefined && vasp.id === undefined;
  return (
    oldVasp ||
    isOldFormatPlace(b?.person_details?.physical_address) ||
    isOldFormatPlace(b?.institution_details?.physical_address)
  );
}

/** The form's physical address from a saved one, the old names read into the new fields. */
function placeValues(place: PhysicalAddressAnswer | undefined): PhysicalAddressValues {
  const oldCountry = str(place?.country_code);
  return {
    country: str(place?.country) || (oldCountry ? (alpha3FromAlpha2(oldCountry) ?? '') : ''),
    address1: str(place?.address1) || str(place?.street_line_1),
    address2: str(place?.address2) || str(place?.street_line_2),
    city: str(place?.city),
    province: str(place?.province) || str(place?.region),
    zip_code: str(place?.zip_code) || str(place?.postal_code),
  };
}

/** Prefills the editor from a saved address, so an update starts from what is stored. */
export function formValuesFromAddress(
  address: CryptoDestinationAddress,
  network: string,
): AddressFormValues {
  const m = address.travelrule_metadata;
  const b = m?.beneficiary;
  const kind: BeneficiaryKind = b?.self
    ? 'self'
    : b?.person_details
      ? 'person'
      : b?.institution_details
        ? 'institution'
        : 'none';
  const place = b?.person_details?.physical_address ?? b?.institution_details?.physical_address;
  const custodian: CustodianKind =
    m?.custodian_type === 'PRIVATE'
      ? 'PRIVATE'
      : m?.custodian_type === 'VASP' || m?.vasp
        ? 'VASP'
        : 'none';
  const vaspId = str(m?.vasp?.id);
  const values: AddressFormValues = {
    crypto_network: isKnownCryptoNetwork(network) ? network : '',
    address: address.address,
    identity_id: str(address.identity_id),
    nickname: str(address.nickname),
    bookmarked: address.bookmarked === true,
    beneficiary_kind: kind,
    first_name: str(b?.person_details?.first_name),
    last_name: str(b?.person_details?.last_name),
    institution_name: str(b?.institution_details?.name),
    physical_address: placeValues(place),
    custodian,
    vasp_kind:
      vaspId === '' && (m?.vasp?.custom_vasp_name ?? m?.vasp?.name) ? 'custom' : 'directory',
    vasp_id: vaspId,
    // The old format's hand-typed `name` becomes the custom name it stood for.
    custom_vasp_name: str(m?.vasp?.custom_vasp_name) || (vaspId === '' ? str(m?.vasp?.name) : ''),
    custom_vasp_website: str(m?.vasp?.custom_vasp_website),
    transfer_purpose: str(m?.transfer_purpose),
    loaded_travel_rule: '',
  };
  if (m && !isOldFormatTravelRule(m)) {
    values.loaded_travel_rule = JSON.stringify(travelRuleFromForm(values));
  }
  return values;
}

const PLACE_FIELDS = new Set(['country', 'address1', 'address2', 'city', 'province', 'zip_code']);

/** Maps a request path to the form field showing its error. */
export function formPathForAddressRequestPath(path: string): string {
  const p = path.replace(/^travelrule_metadata\./, '');
  if (path === 'bookmarked_status') return 'bookmarked';
  const place = /^beneficiary\.(person|institution)_details\.physical_address(?:\.(\w+))?$/.exec(p);
  if (place) {
    const field = place[2];
    return field && PLACE_FIELDS.has(field)
      ? `physical_address.${field}`
      : 'physical_address.country';
  }
  if (p === 'beneficiary.person_details.first_name') return 'first_name';
  if (p === 'beneficiary.person_details.last_name') return 'last_name';
  if (p === 'beneficiary.institution_details.name') return 'institution_name';
  if (p.startsWith('beneficiary')) return 'beneficiary_kind';
  if (p === 'vasp.id') return 'vasp_id';
  if (p === 'vasp.custom_vasp_name') return 'custom_vasp_name';
  if (p === 'vasp.custom_vasp_website') return 'custom_vasp_website';
  if (p === 'vasp' || p.startsWith('vasp.')) return 'vasp_kind';
  if (p === 'custodian_type') return 'custodian';
  if (p === 'transfer_purpose') return 'transfer_purpose';
  return path;
}

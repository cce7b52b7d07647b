import type { CryptoNetwork } from '../../../../../contract/crypto-network';
import { isKnownCryptoNetwork } from '../../../../../contract/crypto-network';
import type { CryptoDestinationAddress } from '../../../../../contract/destination-addresses';

export type BeneficiaryKind = 'none' | 'self' | 'person' | 'institution';
/** Where the address is held: a VASP (exchange, custodian) or a self-hosted wallet. */
export type CustodianKind = 'none' | 'VASP' | 'PRIVATE';

export interface PhysicalAddressValues {
  street_line_1: string;
  street_line_2: string;
  city: string;
  region: string;
  postal_code: string;
  country_code: string;
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
  vasp_id: string;
  vasp_name: string;
  transfer_purpose: string;
}

export const EMPTY_PHYSICAL_ADDRESS: PhysicalAddressValues = {
  street_line_1: '',
  street_line_2: '',
  city: '',
  region: '',
  postal_code: '',
  country_code: '',
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
  vasp_id: '',
  vasp_name: '',
  transfer_purpose: '',
};

const opt = (value: string): string | undefined => {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

function physicalAddress(values: PhysicalAddressValues): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const v = opt(value);
    if (v !== undefined) out[key] = key === 'country_code' ? v.toUpperCase() : v;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The PUT body the form stands for. Only the chosen beneficiary kind is sent (fields typed for
 * another kind stay in the form but never travel), and blank optional fields are left out.
 */
export function toPutAddressRequest(values: AddressFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    crypto_network: values.crypto_network === '' ? undefined : values.crypto_network,
    address: values.address.trim(),
    identity_id: opt(values.identity_id),
    nickname: opt(values.nickname),
    bookmarked_status: values.bookmarked,
  };
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
    const vasp: Record<string, string> = {};
    const id = opt(values.vasp_id);
    const name = opt(values.vasp_name);
    if (id) vasp.id = id;
    if (name) vasp.name = name;
    metadata.custodian_type = 'VASP';
    metadata.vasp = vasp;
  }
  if (values.custodian === 'PRIVATE') metadata.custodian_type = 'PRIVATE';
  const purpose = opt(values.transfer_purpose);
  if (purpose) metadata.transfer_purpose = purpose;
  if (Object.keys(metadata).length > 0) body.travelrule_metadata = metadata;
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

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
  return {
    crypto_network: isKnownCryptoNetwork(network) ? network : '',
    address: address.address,
    identity_id: str(address.identity_id),
    nickname: str(address.nickname),
    bookmarked: address.bookmarked === true,
    beneficiary_kind: kind,
    first_name: str(b?.person_details?.first_name),
    last_name: str(b?.person_details?.last_name),
    institution_name: str(b?.institution_details?.name),
    physical_address: {
      street_line_1: str(place?.street_line_1),
      street_line_2: str(place?.street_line_2),
      city: str(place?.city),
      region: str(place?.region),
      postal_code: str(place?.postal_code),
      country_code: str(place?.country_code),
    },
    custodian,
    vasp_id: str(m?.vasp?.id),
    vasp_name: str(m?.vasp?.name),
    transfer_purpose: str(m?.transfer_purpose),
  };
}

/** Maps a request path to the form field showing its error. */
export function formPathForAddressRequestPath(path: string): string {
  const p = path.replace(/^travelrule_metadata\./, '');
  if (path === 'bookmarked_status') return 'bookmarked';
  if (
    p.startsWith('beneficiary.person_details.physical_address.') ||
    p.startsWith('beneficiary.institution_details.physical_address.')
  ) {
    return `physical_address.${p.split('.').pop()}`;
  }
  if (p === 'beneficiary.person_details.first_name') return 'first_name';
  if (p === 'beneficiary.person_details.last_name') return 'last_name';
  if (p === 'beneficiary.institution_details.name') return 'institution_name';
  if (p.startsWith('beneficiary')) return 'beneficiary_kind';
  if (p === 'vasp.id') return 'vasp_id';
  if (p === 'vasp.name' || p === 'vasp') return 'vasp_name';
  if (p === 'custodian_type') return 'custodian';
  if (p === 'transfer_purpose') return 'transfer_purpose';
  return path;
}

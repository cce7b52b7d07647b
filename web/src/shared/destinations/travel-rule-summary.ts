import type { TravelRuleMetadata } from '#contract/destination-addresses';

/** One short line saying who the beneficiary is, for lists and the saved view. */
export function beneficiarySummary(metadata: TravelRuleMetadata | undefined): string | undefined {
  const b = metadata?.beneficiary;
  if (!b) return undefined;
  if (b.self) return 'Self (account holder)';
  if (b.person_details) {
    const name = [b.person_details.first_name, b.person_details.last_name]
      .filter(Boolean)
      .join(' ');
    return `Person: ${name || 'unnamed'}`;
  }
  if (b.institution_details) return `Institution: ${b.institution_details.name || 'unnamed'}`;
  return undefined;
}

/** Where the address is held, in words. */
export function custodySummary(metadata: TravelRuleMetadata | undefined): string | undefined {
  if (!metadata) return undefined;
  const v = metadata.vasp;
  const vasp = [v?.name ?? v?.custom_vasp_name, v?.id && `id ${v.id}`].filter(Boolean).join(', ');
  if (metadata.custodian_type === 'PRIVATE') return 'Self-hosted wallet';
  if (metadata.custodian_type === 'VASP' || vasp) return vasp ? `VASP: ${vasp}` : 'VASP';
  return metadata.custodian_type;
}

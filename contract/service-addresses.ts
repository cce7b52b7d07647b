import { z } from 'zod';
import { CryptoNetworkFilterSchema } from './crypto-network';
import { CryptoDestinationAddressSchema } from './destination-addresses';
import { OperatorRefSchema } from './operator-ref';
import { withSafeText } from './safe-text';

/** The upstream's list (GET /v2/transfer/crypto-destination-addresses), read tolerantly. */
export const ListDestinationAddressesResponseSchema = z.looseObject({
  addresses: z
    .array(CryptoDestinationAddressSchema)
    .nullish()
    .transform((a) => a ?? []),
  next_page_cursor: z.string().nullish(),
});

const TRAVEL_RULE_COMPLETENESS = ['complete', 'incomplete', 'missing'] as const;

/** One of the service's saved addresses, merged with what this console recorded about it. */
const ServiceAddressSchema = z.object({
  address: CryptoDestinationAddressSchema,
  travel_rule: z.enum(TRAVEL_RULE_COMPLETENESS),
  /** What is missing, in words (empty when complete). */
  travel_rule_gaps: z.array(z.string()),
  /** Saved through this console: by whom and when (absent: saved elsewhere). */
  recorded: z.object({ saved_by: OperatorRefSchema, updated_at: z.string() }).optional(),
});
export type ServiceAddress = z.infer<typeof ServiceAddressSchema>;

export const ListServiceAddressesResponseSchema = z.object({
  addresses: z.array(ServiceAddressSchema),
  next_cursor: z.string().optional(),
});
export type ListServiceAddressesResponse = z.infer<typeof ListServiceAddressesResponseSchema>;

export const ListServiceAddressesQuerySchema = withSafeText(
  z.strictObject({
    /** A whole nickname or an address (exact). */
    q: z.string().trim().max(256).optional(),
    crypto_network: CryptoNetworkFilterSchema.optional(),
    cursor: z.string().min(1).max(512).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  }),
);

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const text = (v: unknown) => typeof v === 'string' && v.trim().length > 0;

/**
 * What a saved address's Travel Rule metadata lacks, in words. Read tolerantly (older or newer
 * shapes): only what the published schema requires is asked for.
 */
export function travelRuleGaps(metadata: unknown): string[] {
  const m = obj(metadata);
  const beneficiary = obj(m?.beneficiary);
  if (!m || !beneficiary) return ['No Travel Rule data (beneficiary)'];
  const gaps: string[] = [];
  const person = obj(beneficiary.person_details);
  const institution = obj(beneficiary.institution_details);
  if (beneficiary.self !== true) {
    if (person) {
      if (!text(person.first_name) || !text(person.last_name))
        gaps.push("The beneficiary's first and last name");
    } else if (institution) {
      if (!text(institution.name)) gaps.push("The beneficiary institution's name");
    } else gaps.push('Who the beneficiary is');
    const place = obj(person?.physical_address ?? institution?.physical_address);
    if (place && !text(place.country) && !text(place.country_code))
      gaps.push("The beneficiary's country");
  }
  if (m.custodian_type === 'VASP') {
    const vasp = obj(m.vasp);
    if (!vasp || !(text(vasp.id) || text(vasp.custom_vasp_name) || text(vasp.name)))
      gaps.push('Which VASP hosts the address');
  }
  return gaps;
}

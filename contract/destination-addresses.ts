import { z } from 'zod';
import { CryptoNetworkSchema, ResponseCryptoNetworkSchema } from './crypto-network';
import { openEnum } from './open-enum';
import { validateAddress, type AddressValidationOptions } from './networks';
import { checkSafeText } from './safe-text';

// ---- Travel Rule metadata, request side (strict) ----

export const CountryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, 'Use a two-letter ISO 3166-1 country code, such as US or DE');

const text = (max: number) =>
  z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`);

export const PhysicalAddressSchema = z.strictObject({
  street_line_1: text(200).optional(),
  street_line_2: text(200).optional(),
  city: text(100).optional(),
  region: text(100).optional(),
  postal_code: text(20).optional(),
  country_code: CountryCodeSchema.optional(),
});
export type PhysicalAddress = z.infer<typeof PhysicalAddressSchema>;

export const PersonDetailsSchema = z.strictObject({
  first_name: text(100),
  last_name: text(100),
  physical_address: PhysicalAddressSchema.optional(),
});

export const InstitutionDetailsSchema = z.strictObject({
  name: text(200),
  physical_address: PhysicalAddressSchema.optional(),
});

/** Exactly one of: self, a person, an institution. */
export const BeneficiarySchema = z
  .strictObject({
    self: z.boolean().optional(),
    person_details: PersonDetailsSchema.optional(),
    institution_details: InstitutionDetailsSchema.optional(),
  })
  .superRefine((b, ctx) => {
    const kinds = [b.self === true, !!b.person_details, !!b.institution_details].filter(Boolean);
    if (kinds.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'The beneficiary is either the account holder (self), a person, or an institution',
      });
    }
  });
export type Beneficiary = z.infer<typeof BeneficiarySchema>;

export const VaspSchema = z
  .strictObject({ id: text(100).optional(), name: text(200).optional() })
  .refine((v) => v.id !== undefined || v.name !== undefined, {
    message: 'Name the VASP by id or name',
  });

export const CUSTODIAN_TYPES = ['VASP', 'PRIVATE'] as const;

export const TravelRuleMetadataRequestSchema = z
  .strictObject({
    beneficiary: BeneficiarySchema.optional(),
    vasp: VaspSchema.optional(),
    custodian_type: z.enum(CUSTODIAN_TYPES).optional(),
    transfer_purpose: text(200).optional(),
  })
  .superRefine((m, ctx) => {
    if (m.custodian_type === 'PRIVATE' && m.vasp) {
      ctx.addIssue({ code: 'custom', path: ['vasp'], message: 'A self-hosted wallet has no VASP' });
    }
  });
export type TravelRuleMetadataRequest = z.infer<typeof TravelRuleMetadataRequestSchema>;

// ---- Put request (strict) ----

export function createPutCryptoDestinationAddressRequestSchema(options: AddressValidationOptions) {
  return z
    .strictObject({
      id: text(128).optional(),
      crypto_network: CryptoNetworkSchema.optional(),
      address: z.string().trim().min(1, 'Required').max(256).optional(),
      identity_id: text(128).optional(),
      nickname: text(100).optional(),
      bookmarked_status: z.boolean().optional(),
      travelrule_metadata: TravelRuleMetadataRequestSchema.optional(),
    })
    .superRefine((body, ctx) => {
      if (body.id !== undefined) {
        // Naming an existing address by id excludes the (network, address, identity) key.
        for (const key of ['crypto_network', 'address', 'identity_id'] as const) {
          if (body[key] !== undefined) {
            ctx.addIssue({
              code: 'custom',
              path: [key],
              message: `Give either id or ${key}, not both`,
            });
          }
        }
        return;
      }
      if (body.crypto_network === undefined) {
        ctx.addIssue({ code: 'custom', path: ['crypto_network'], message: 'Required' });
      }
      if (body.address === undefined) {
        ctx.addIssue({ code: 'custom', path: ['address'], message: 'Required' });
      }
      if (body.crypto_network !== undefined && body.address !== undefined) {
        const result = validateAddress(body.crypto_network, body.address, options);
        if (!result.valid)
          ctx.addIssue({ code: 'custom', path: ['address'], message: result.reason });
      }
    })
    .superRefine(checkSafeText);
}
export type PutCryptoDestinationAddressRequest = z.infer<
  ReturnType<typeof createPutCryptoDestinationAddressRequestSchema>
>;

// ---- Response (tolerant) ----

const looseAddress = z.looseObject({
  street_line_1: z.string().optional(),
  street_line_2: z.string().optional(),
  city: z.string().optional(),
  region: z.string().optional(),
  postal_code: z.string().optional(),
  country_code: z.string().optional(),
});

export const TravelRuleMetadataSchema = z.looseObject({
  beneficiary: z
    .looseObject({
      self: z.boolean().optional(),
      person_details: z
        .looseObject({
          first_name: z.string().optional(),
          last_name: z.string().optional(),
          physical_address: looseAddress.optional(),
        })
        .optional(),
      institution_details: z
        .looseObject({ name: z.string().optional(), physical_address: looseAddress.optional() })
        .optional(),
    })
    .optional(),
  vasp: z.looseObject({ id: z.string().optional(), name: z.string().optional() }).optional(),
  custodian_type: openEnum(CUSTODIAN_TYPES).optional(),
  transfer_purpose: z.string().optional(),
});
export type TravelRuleMetadata = z.infer<typeof TravelRuleMetadataSchema>;

export const ADDRESS_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;

export const CryptoDestinationAddressSchema = z.looseObject({
  id: z.string(),
  address: z.string(),
  crypto_network: ResponseCryptoNetworkSchema.optional(),
  identity_id: z.string().optional(),
  nickname: z.string().optional(),
  created_at: z.string().optional(),
  bookmarked: z.boolean().optional(),
  status: openEnum(ADDRESS_STATUSES).optional(),
  policy_execution_id: z.string().optional(),
  travelrule_metadata: TravelRuleMetadataSchema.optional(),
});
export type CryptoDestinationAddress = z.infer<typeof CryptoDestinationAddressSchema>;

export const PutCryptoDestinationAddressResponseSchema = z.looseObject({
  address: CryptoDestinationAddressSchema,
});
export type PutCryptoDestinationAddressResponse = z.infer<
  typeof PutCryptoDestinationAddressResponseSchema
>;

import { z } from 'zod';
import { CryptoNetworkSchema, ResponseCryptoNetworkSchema } from './crypto-network';
import { openEnum } from './open-enum';
import { tolerant, UnreadableSchema } from './tolerant-read';
import { validateAddress, type AddressValidationOptions } from './networks';
import { isIsoAlpha3 } from './countries';
import { refusedTravelRuleCharacters, TRAVEL_RULE_CHARACTERS } from './travel-rule-text';
import { checkSafeText } from './safe-text';
import { TravelRuleNameSchema } from './travel-rule-name';

// ---- Travel Rule metadata, request side (strict): the service's published shape ----

const text = (max: number) =>
  z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`);

/**
 * A physical address line as the service takes it: at most `max` characters of
 * TRAVEL_RULE_TEXT_PATTERN. The message names the refused characters, so "Évora" says "É".
 * Names are not under this rule (TravelRuleNameSchema): the published schema restricts only
 * the address lines.
 */
const ruleText = (max: number) =>
  text(max).superRefine((value, ctx) => {
    const refused = refusedTravelRuleCharacters(value);
    if (refused.length === 0) return;
    ctx.addIssue({
      code: 'custom',
      message: `The service does not take ${refused.map((c) => `“${c}”`).join(', ')}: use ${TRAVEL_RULE_CHARACTERS}`,
    });
  });

/** ISO 3166-1 alpha-3 in capitals (USA, GBR, SGP): the service refuses two-letter codes. */
const CountryAlpha3Schema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Use a three-letter ISO 3166-1 country code, such as USA or DEU')
  .refine(isIsoAlpha3, 'Not an ISO 3166-1 country code');

/** GeographicAddress: `country` required, every line at most 35 characters. */
export const GeographicAddressSchema = z.strictObject({
  country: CountryAlpha3Schema,
  address1: ruleText(35).optional(),
  address2: ruleText(35).optional(),
  city: ruleText(35).optional(),
  province: ruleText(35).optional(),
  zip_code: ruleText(35).optional(),
});

export const PersonDetailsSchema = z.strictObject({
  first_name: TravelRuleNameSchema,
  last_name: TravelRuleNameSchema,
  physical_address: GeographicAddressSchema.optional(),
});

export const InstitutionDetailsSchema = z.strictObject({
  name: TravelRuleNameSchema,
  physical_address: GeographicAddressSchema.optional(),
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

/** A website as typed: a host name with a dot, with or without http(s)://, no spaces. */
const website = text(200).regex(
  /^(https?:\/\/)?[^\s/.]+(\.[^\s/.]+)+(\/\S*)?$/i,
  'Give the website, such as example.com',
);

/**
 * The VASP in a request: exactly one of `{ id }` (from the directory) or
 * `{ custom_vasp_name, custom_vasp_website }` (a VASP the directory does not list).
 */
const VaspRequestSchema = z
  .strictObject({
    id: text(100).optional(),
    custom_vasp_name: text(200).optional(),
    custom_vasp_website: website.optional(),
  })
  .superRefine((v, ctx) => {
    const custom = v.custom_vasp_name !== undefined || v.custom_vasp_website !== undefined;
    if (v.id !== undefined && custom) {
      ctx.addIssue({
        code: 'custom',
        path: ['id'],
        message: 'Give either the directory id or a custom name and website, not both',
      });
      return;
    }
    if (v.id !== undefined) return;
    if (!custom) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'Name the VASP: its directory id, or a custom name and website',
      });
      return;
    }
    if (v.custom_vasp_name === undefined)
      ctx.addIssue({ code: 'custom', path: ['custom_vasp_name'], message: 'Required' });
    if (v.custom_vasp_website === undefined)
      ctx.addIssue({ code: 'custom', path: ['custom_vasp_website'], message: 'Required' });
  });

const CUSTODIAN_TYPES = ['VASP', 'PRIVATE'] as const;

export const TravelRuleMetadataRequestSchema = z
  .strictObject({
    beneficiary: BeneficiarySchema.optional(),
    vasp: VaspRequestSchema.optional(),
    custodian_type: z.enum(CUSTODIAN_TYPES).optional(),
    // Free text in the published schema; 200 is our own cap (docs/upstream-contract.md).
    transfer_purpose: text(200).optional(),
  })
  .superRefine((m, ctx) => {
    if (m.custodian_type === 'PRIVATE' && m.vasp) {
      ctx.addIssue({ code: 'custom', path: ['vasp'], message: 'A self-hosted wallet has no VASP' });
    }
    if (m.custodian_type === 'VASP' && !m.vasp) {
      ctx.addIssue({
        code: 'custom',
        path: ['vasp'],
        message: 'Name the VASP that holds the address',
      });
    }
  });

// ---- Put request (strict) ----

/** One schema per setting: an address import checks thousands of rows with the same one. */
const putSchemas = new Map<boolean, ReturnType<typeof buildPutSchema>>();

export function createPutCryptoDestinationAddressRequestSchema(options: AddressValidationOptions) {
  let schema = putSchemas.get(options.allowTestnet);
  if (!schema) {
    schema = buildPutSchema(options);
    putSchemas.set(options.allowTestnet, schema);
  }
  return schema;
}

function buildPutSchema(options: AddressValidationOptions) {
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

/**
 * A physical address as the service answers it: the published GeographicAddress fields, and the
 * older documentation's names (`street_line_1`, `street_line_2`, `region`, `postal_code`,
 * `country_code`), which are read so an address saved that way still shows (marked as the old
 * format), and never sent.
 */
const looseAddress = z.looseObject({
  country: z.string().optional(),
  address1: z.string().optional(),
  address2: z.string().optional(),
  city: z.string().optional(),
  province: z.string().optional(),
  zip_code: z.string().optional(),
  street_line_1: z.string().optional(),
  street_line_2: z.string().optional(),
  region: z.string().optional(),
  postal_code: z.string().optional(),
  country_code: z.string().optional(),
});
export type PhysicalAddressAnswer = z.infer<typeof looseAddress>;

const TravelRuleMetadataSchema = z.looseObject({
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
  /** `name` is the directory's name of `id` (or, in the old format, a name typed by hand). */
  vasp: z
    .looseObject({
      id: z.string().optional(),
      name: z.string().optional(),
      custom_vasp_name: z.string().optional(),
      custom_vasp_website: z.string().optional(),
    })
    .optional(),
  custodian_type: openEnum(CUSTODIAN_TYPES).optional(),
  transfer_purpose: z.string().optional(),
});
export type TravelRuleMetadata = z.infer<typeof TravelRuleMetadataSchema>;

const ADDRESS_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;

const AddressObjectSchema = z.looseObject({
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
  /** Set by this console when part of the answer could not be read. */
  unreadable: UnreadableSchema.optional(),
});
/** `id`, `address` and `crypto_network` always come; the rest is read tolerantly (tolerant-read.ts). */
export const CryptoDestinationAddressSchema = tolerant(AddressObjectSchema);
export type CryptoDestinationAddress = z.infer<typeof CryptoDestinationAddressSchema>;

export const PutCryptoDestinationAddressResponseSchema = z.looseObject({
  address: CryptoDestinationAddressSchema,
});
export type PutCryptoDestinationAddressResponse = z.infer<
  typeof PutCryptoDestinationAddressResponseSchema
>;

/**
 * The upsert's answer as the service may write it: its published schema requires no member, so
 * `{}` (or an address without a readable `id` and `address`) is a valid 200. Such an answer
 * leaves `address` out: the save probably happened, but what the service holds is not known.
 */
export const PutAddressAnswerSchema = z.looseObject({
  address: CryptoDestinationAddressSchema.optional().catch(undefined),
});

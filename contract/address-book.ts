import { z } from 'zod';
import { CryptoNetworkFilterSchema } from './crypto-network';
import { CryptoDestinationAddressSchema } from './destination-addresses';
import { OperatorRefSchema } from './operator-ref';
import { checkSafeText } from './safe-text';

// The BFF's address book: every destination saved through this console (GET /api/addresses).

export const AddressBookEntrySchema = z.object({
  key: z.string(),
  crypto_network: z.string(),
  address: z.string(),
  identity_id: z.string().optional(),
  nickname: z.string().optional(),
  bookmarked: z.boolean(),
  has_travel_rule: z.boolean(),
  /** The upstream's latest answer for this address. */
  upstream: CryptoDestinationAddressSchema,
  saved_by: OperatorRefSchema,
  updated_at: z.string(),
  version: z.number().int().positive(),
  /** Set while an approved change is cooling off: no withdrawal to it before this instant. */
  receivable_from: z.string().optional(),
  /** Archived in the console's book: hidden from pickers; the service keeps its record. */
  archived: z.object({ at: z.string(), by: OperatorRefSchema }).optional(),
  /**
   * The memo (or tag) this address is credited by, on a network that uses one (the network
   * registry's memo rule): the console's own, prefilled into a withdrawal to it.
   */
  memo: z.string().optional(),
});
export type AddressBookEntry = z.infer<typeof AddressBookEntrySchema>;

const ListAddressesQueryObject = z.strictObject({
  q: z.string().max(256).optional(),
  crypto_network: CryptoNetworkFilterSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  /** Archived entries: left out (default: pickers never offer them), listed too, or alone. */
  archived: z.enum(['exclude', 'include', 'only']).optional(),
});
export const ListAddressesQuerySchema = ListAddressesQueryObject.superRefine(checkSafeText);
export type ListAddressesQuery = z.infer<typeof ListAddressesQuerySchema>;

export const ListAddressesResponseSchema = z.object({ addresses: z.array(AddressBookEntrySchema) });

/** POST /api/addresses/archive: archive (or bring back) one entry of the book, by its key. */
export const ArchiveAddressRequestSchema = z
  .strictObject({
    key: z.string().min(1).max(600),
    archived: z.boolean(),
  })
  .superRefine(checkSafeText);

export const ArchiveAddressResponseSchema = z.object({ address: AddressBookEntrySchema });

/**
 * GET /api/addresses/export.csv: the book (archived entries as the list takes them) and, unless
 * `source=book`, the service's saved addresses the book does not hold.
 */
export const ExportAddressesQuerySchema = z.strictObject({
  archived: z.enum(['exclude', 'include', 'only']).optional(),
  source: z.enum(['book', 'all']).optional(),
});

/**
 * POST /api/addresses/memo: the memo (or tag) kept with one entry of the book, by its key, on a
 * network that uses one; empty clears it. At most 100 characters, as a withdrawal's memo.
 */
export const SetAddressMemoRequestSchema = z
  .strictObject({
    key: z.string().min(1).max(600),
    memo: z.string().trim().max(100, 'At most 100 characters'),
  })
  .superRefine(checkSafeText);

export const SetAddressMemoResponseSchema = z.object({ address: AddressBookEntrySchema });

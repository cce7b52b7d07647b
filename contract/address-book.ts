import { z } from 'zod';
import { CryptoNetworkFilterSchema } from './crypto-network';
import { CryptoDestinationAddressSchema } from './destination-addresses';
import { OperatorRefSchema } from './operator-ref';
import { checkSafeText } from './safe-text';

// The BFF's address book: every destination saved through this console (GET /api/addresses).

const AddressBookEntrySchema = z.object({
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
});
export type AddressBookEntry = z.infer<typeof AddressBookEntrySchema>;

const ListAddressesQueryObject = z.strictObject({
  q: z.string().max(256).optional(),
  crypto_network: CryptoNetworkFilterSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export const ListAddressesQuerySchema = ListAddressesQueryObject.superRefine(checkSafeText);
export type ListAddressesQuery = z.infer<typeof ListAddressesQuerySchema>;

export const ListAddressesResponseSchema = z.object({ addresses: z.array(AddressBookEntrySchema) });

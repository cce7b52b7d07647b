import { z } from 'zod';
import { AddressBookEntrySchema, ListAddressesQuerySchema } from './address-book';
import { withSafeText } from './safe-text';

// The BFF's destination registry as the SPA reads it (GET /api/destinations/look-alikes): every
// destination the console knows, whichever book holds it, for the look-alike (address poisoning)
// check of contract/networks/look-alike.ts.

/**
 * Where a known destination comes from: the console's address book, the service's own saved
 * addresses (saved elsewhere, e.g. in its dashboard), or a change held for an address approver.
 */
const DESTINATION_SOURCES = ['book', 'service', 'held'] as const;

/** One destination the registry knows, in the shape the look-alike check reads. */
const KnownDestinationSchema = z.object({
  crypto_network: z.string(),
  address: z.string(),
  nickname: z.string().optional(),
  source: z.enum(DESTINATION_SOURCES),
  /** Held for approval: the request that holds it. */
  approval_id: z.string().optional(),
});
export type KnownDestination = z.infer<typeof KnownDestinationSchema>;

export const LookAlikesQuerySchema = withSafeText(
  z.strictObject({ address: z.string().trim().min(1, 'Required').max(256) }),
);

export const LookAlikesResponseSchema = z.object({
  /** The known destinations the address imitates (starts and ends like, but is another). */
  look_alikes: z.array(KnownDestinationSchema),
  /**
   * Sources that could not be read (the service's list without its scope or while it fails): the
   * check covered the others only, and the page says so rather than passing in silence.
   */
  unread: z.array(z.enum(DESTINATION_SOURCES)),
});
export type LookAlikesResponse = z.infer<typeof LookAlikesResponseSchema>;

/**
 * GET /api/destinations: the address list as one view (issue 26 item 6): the console's book and
 * the service's saved addresses it does not hold, each destination once. `q` finds a nickname,
 * a beneficiary or VASP name (or a directory id) anywhere, an address by its start or end (a
 * CashAddr with or without its `bitcoincash:` prefix).
 */
export const ListDestinationsQuerySchema = ListAddressesQuerySchema;

/** A book entry, or a service-held address in the same shape (no who, when, version or archive). */
const DestinationListItemSchema = AddressBookEntrySchema.extend({
  source: z.enum(['book', 'service']),
  saved_by: AddressBookEntrySchema.shape.saved_by.optional(),
  updated_at: z.string().optional(),
  version: z.number().int().positive().optional(),
});
export type DestinationListItem = z.infer<typeof DestinationListItemSchema>;

export const ListDestinationsResponseSchema = z.object({
  destinations: z.array(DestinationListItemSchema),
  /** The service's saved addresses could not be read (or may not be): the book alone is listed. */
  service_unread: z.boolean(),
});
export type ListDestinationsResponse = z.infer<typeof ListDestinationsResponseSchema>;

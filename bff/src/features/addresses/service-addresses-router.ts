import { Router } from 'express';
import { READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import { fieldErrorsFromZod } from '#contract/problem';
import {
  ListServiceAddressesQuerySchema,
  travelRuleGaps,
  type ListServiceAddressesResponse,
  type ServiceAddress,
} from '#contract/service-addresses';
import { badRequest } from '#bff/http/http-problem';
import type { AddressBook } from '#bff/store/address-book-port';
import type { ServiceAddressReader } from '#bff/upstream/service-address-reader';

interface ServiceAddressesRouterDeps {
  /** The one reader of the service's list (403 Feature Unavailable without its scope). */
  serviceAddresses: Pick<ServiceAddressReader, 'page'>;
  store: { addressBook: AddressBook };
}

/** A search term that looks like an address (one long word) is matched as one; else a nickname. */
const looksLikeAddress = (q: string) => q.length >= 20 && !/\s/.test(q);

/**
 * GET /api/service-addresses?q=&crypto_network=&cursor= (viewer): the saved addresses the service
 * holds (transfer:read_crypto_destination_address), page by page, each merged with what this
 * console recorded (who saved it, when) and marked when its Travel Rule data is missing or
 * incomplete.
 */
export function createServiceAddressesRouter(deps: ServiceAddressesRouterDeps): Router {
  const router = Router();
  router.get('/service-addresses', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const query = ListServiceAddressesQuerySchema.safeParse(req.query);
    if (!query.success)
      throw badRequest('The filters are not valid.', fieldErrorsFromZod(query.error));
    const params = new URLSearchParams({ limit: String(query.data.limit ?? 50) });
    if (query.data.crypto_network) params.set('crypto_networks', query.data.crypto_network);
    const q = query.data.q;
    if (q) params.set(looksLikeAddress(q) ? 'addresses' : 'nicknames', q);
    if (query.data.cursor) params.set('page_cursor', query.data.cursor);
    const page = await deps.serviceAddresses.page(params);
    const addresses = await Promise.all(
      page.addresses.map(async (address): Promise<ServiceAddress> => {
        const gaps = travelRuleGaps(address.travelrule_metadata);
        const recorded = address.crypto_network
          ? await deps.store.addressBook.find(
              address.crypto_network,
              address.address,
              address.identity_id,
            )
          : undefined;
        return {
          address,
          travel_rule: !address.travelrule_metadata?.beneficiary
            ? 'missing'
            : gaps.length > 0
              ? 'incomplete'
              : 'complete',
          travel_rule_gaps: gaps,
          ...(recorded
            ? { recorded: { saved_by: recorded.saved_by, updated_at: recorded.updated_at } }
            : {}),
        };
      }),
    );
    const body: ListServiceAddressesResponse = {
      addresses,
      ...(page.next_page_cursor ? { next_cursor: page.next_page_cursor } : {}),
    };
    res.json(body);
  });
  return router;
}

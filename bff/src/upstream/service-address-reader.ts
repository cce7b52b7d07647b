import { readAllPages } from './page-walk';
import type { CryptoDestinationAddress } from '#contract/destination-addresses';
import { canonicalAddress } from '#contract/networks/canonical-address';
import type { z } from 'zod';
import { ListDestinationAddressesResponseSchema } from '#contract/service-addresses';
import type { Logger } from '#bff/logger';
import type { CompanionFeatureGate } from './companion-features';
import type { UpstreamClient } from './upstream-client';
import { callUpstreamJson } from './upstream-json';

/** The service's list could not be read (scope not granted, or the service failing). */
export const UNREAD = 'unread' as const;

/** The whole list is read at most this often (the look-alike check reads it on every keystroke pause). */
const ALL_TTL_MS = 30_000;
/** Pages of the whole list (200 each): past 4,000 saved addresses the check covers the newest. */
const ALL_MAX_PAGES = 20;
/** One page of findDestinations: room for each destination saved under several identities. */
const MANY_LIMIT = 200;

type ListDestinationAddressesResponse = z.infer<typeof ListDestinationAddressesResponseSchema>;

/**
 * The one reader of the service's saved addresses (GET /v2/transfer/crypto-destination-addresses,
 * scope transfer:read_crypto_destination_address): a page for the address book's list, one
 * destination for the gate, the whole list for the look-alike check.
 */
export function createServiceAddressReader(deps: {
  upstream: UpstreamClient;
  companion: CompanionFeatureGate;
  logger: Logger;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let cached: { at: number; addresses: Promise<CryptoDestinationAddress[]> } | undefined;

  /** One page as the service answers it; problems (403 Feature Unavailable included) thrown. */
  async function page(query: URLSearchParams): Promise<ListDestinationAddressesResponse> {
    await deps.companion.require('service_addresses');
    return callUpstreamJson(
      deps.upstream,
      'listDestinationAddresses',
      { query: query.toString() },
      ListDestinationAddressesResponseSchema,
    );
  }

  /** The service's saved address(es) of this destination (any identity), or UNREAD. */
  async function findDestination(
    network: string,
    address: string,
  ): Promise<CryptoDestinationAddress[] | typeof UNREAD> {
    const canonical = canonicalAddress(network, address);
    // The address as given and in its canonical form: a service matching exact strings finds either.
    const spellings = [...new Set([address, canonical])].join(',');
    try {
      const answer = await page(
        new URLSearchParams({ crypto_networks: network, addresses: spellings, limit: '50' }),
      );
      return answer.addresses.filter(
        (a) =>
          (a.crypto_network ?? network) === network &&
          canonicalAddress(network, a.address) === canonical,
      );
    } catch (error) {
      deps.logger.warn({ err: error, crypto_network: network }, 'service addresses not read');
      return UNREAD;
    }
  }

  /**
   * The saved addresses of several destinations of one network in one call (an address import
   * sends a page of rows): canonical address → what the service holds of it (any identity). UNREAD
   * when the service could not be asked, or when its answer ran past one page (then each
   * destination is asked on its own, findDestination).
   */
  async function findDestinations(
    network: string,
    addresses: readonly string[],
  ): Promise<Map<string, CryptoDestinationAddress[]> | typeof UNREAD> {
    const held = new Map<string, CryptoDestinationAddress[]>();
    const spellings = new Set<string>();
    for (const address of addresses) {
      const canonical = canonicalAddress(network, address);
      held.set(canonical, []);
      spellings.add(address).add(canonical);
    }
    try {
      const answer = await page(
        new URLSearchParams({
          crypto_networks: network,
          addresses: [...spellings].join(','),
          limit: String(MANY_LIMIT),
        }),
      );
      if (answer.next_page_cursor) return UNREAD;
      for (const a of answer.addresses)
        if ((a.crypto_network ?? network) === network)
          held.get(canonicalAddress(network, a.address))?.push(a);
      return held;
    } catch (error) {
      deps.logger.warn({ err: error, crypto_network: network }, 'service addresses not read');
      return UNREAD;
    }
  }

  function readAll(): Promise<CryptoDestinationAddress[]> {
    return readAllPages({
      maxPages: ALL_MAX_PAGES,
      logger: deps.logger,
      what: 'service addresses',
      page: async (cursor) => {
        const query = new URLSearchParams({ limit: '200' });
        if (cursor) query.set('page_cursor', cursor);
        const answer = await page(query);
        return { items: answer.addresses, next_page_cursor: answer.next_page_cursor };
      },
    });
  }

  /** Every saved address the service holds (cached for 30 s, one read in flight), or UNREAD. */
  async function all(): Promise<CryptoDestinationAddress[] | typeof UNREAD> {
    if (!cached || now() - cached.at > ALL_TTL_MS) {
      const addresses = readAll();
      cached = { at: now(), addresses };
      // A failed read is not kept: the next check asks again.
      addresses.catch(() => {
        if (cached?.addresses === addresses) cached = undefined;
      });
    }
    try {
      return await cached.addresses;
    } catch (error) {
      deps.logger.warn({ err: error }, 'service addresses not read (look-alike check)');
      return UNREAD;
    }
  }

  return { page, findDestination, findDestinations, all };
}

export type ServiceAddressReader = ReturnType<typeof createServiceAddressReader>;

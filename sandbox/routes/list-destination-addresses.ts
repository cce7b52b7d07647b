import type { Request, Response } from 'express';
import { toResponseAddress } from '../state/address-store';
import { listParam, page, readPageRequest } from '../http/companion-paging';
import { sendBadRequest } from '../http/problem-response';
import type { SandboxContext } from '../state/sandbox-context';

/**
 * GET /v2/transfer/crypto-destination-addresses (scope transfer:read_crypto_destination_address):
 * the saved addresses the service holds, `{ addresses, next_page_cursor }`, newest first.
 * `nicknames` matches whole nicknames (case-insensitive), never a part of one.
 */
export function listDestinationAddresses(ctx: SandboxContext) {
  return (req: Request, res: Response) => {
    const request = readPageRequest(req.originalUrl, [
      'crypto_networks',
      'addresses',
      'nicknames',
      'identity_ids',
      'bookmarked_status',
    ]);
    if (!request.ok) {
      sendBadRequest(res, request.detail);
      return;
    }
    const networks = new Set(listParam(request.query, 'crypto_networks'));
    const addresses = listParam(request.query, 'addresses');
    const nicknames = listParam(request.query, 'nicknames').map((n) => n.toLowerCase());
    const identities = new Set(listParam(request.query, 'identity_ids'));
    const bookmarked = request.query.bookmarked_status;
    if (bookmarked !== undefined && bookmarked !== 'true' && bookmarked !== 'false') {
      sendBadRequest(res, 'bookmarked_status is true or false');
      return;
    }
    // The asked addresses through the store's index by destination (a console's address import
    // asks for dozens at a time of a book of thousands: no canonical form of each saved address),
    // in the store's order as before, so that equal times keep their order.
    const store = ctx.state.addresses;
    const asked =
      addresses.length === 0
        ? undefined
        : new Set(
            (networks.size > 0 ? [...networks] : store.networks()).flatMap((network) =>
              addresses.flatMap((address) => store.ofDestination(network, address)),
            ),
          );
    const candidates = asked ? store.all().filter((a) => asked.has(a)) : store.all();
    const items = candidates
      .filter(
        (a) =>
          (networks.size === 0 || networks.has(a.crypto_network)) &&
          (nicknames.length === 0 || nicknames.includes(a.nickname.toLowerCase())) &&
          (identities.size === 0 ||
            (a.identity_id !== undefined && identities.has(a.identity_id))) &&
          (bookmarked === undefined || String(a.bookmarked) === bookmarked),
      )
      .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    const result = page(items, request.limit, request.offset);
    res.json({
      addresses: result.items.map(toResponseAddress),
      ...(result.next_page_cursor ? { next_page_cursor: result.next_page_cursor } : {}),
    });
  };
}

import type { Request, Response } from 'express';
import type { z } from 'zod';
import { isKnownCryptoNetwork } from '#contract/crypto-network';
import {
  createPutCryptoDestinationAddressRequestSchema,
  type PutCryptoDestinationAddressResponse,
} from '#contract/destination-addresses';
import { validateAddress } from '#contract/networks';
import { fieldErrorsFromZod } from '#contract/problem';
import { toResponseAddress, type AddressChanges } from '../state/address-store';
import type { SandboxContext } from '../state/sandbox-context';
import { sendProblem } from '../http/problem-response';
import { UNSUPPORTED_ADDRESS_REASON } from '../seed/magic-values';

/** The validator's reason when the body names a known network and an address that does not fit it. */
export function unsupportedAddressReason(
  network: unknown,
  address: unknown,
  allowTestnet: boolean,
): string | undefined {
  if (typeof network !== 'string' || typeof address !== 'string' || !isKnownCryptoNetwork(network))
    return undefined;
  const result = validateAddress(network, address.trim(), { allowTestnet });
  return result.valid ? undefined : result.reason;
}

/** "travelrule_metadata.vasp.id: Give either ...; address: Required": every refused field named. */
function invalidFieldsDetail(error: z.ZodError): string {
  return fieldErrorsFromZod(error)
    .map((e) => (e.path ? `${e.path}: ${e.message}` : e.message))
    .join('; ');
}

/** PUT /v2/transfer/crypto-destination-address: an upsert by (network, address, identity) or by id. */
export function putCryptoDestinationAddress(ctx: SandboxContext) {
  const schema = createPutCryptoDestinationAddressRequestSchema({
    allowTestnet: ctx.options.allowTestnet,
  });
  return (req: Request, res: Response) => {
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) {
      const raw = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<
        string,
        unknown
      >;
      const reason = unsupportedAddressReason(
        raw.crypto_network,
        raw.address,
        ctx.options.allowTestnet,
      );
      // The service's published problems carry no errors[]: the detail names the fields.
      sendProblem(res, {
        status: 400,
        ...(reason !== undefined
          ? {
              type: 'unsupported-address',
              detail: reason,
              meta: { address: raw.address, reason: UNSUPPORTED_ADDRESS_REASON },
            }
          : { title: 'Bad Request', detail: invalidFieldsDetail(parsed.error) }),
      });
      return;
    }
    const body = parsed.data;
    const changes: AddressChanges = {
      ...(body.nickname !== undefined ? { nickname: body.nickname } : {}),
      ...(body.bookmarked_status !== undefined ? { bookmarked: body.bookmarked_status } : {}),
      ...(body.travelrule_metadata !== undefined
        ? { travelrule_metadata: body.travelrule_metadata }
        : {}),
    };
    const store = ctx.state.addresses;
    let saved;
    if (body.id !== undefined) {
      const existing = store.get(body.id);
      if (!existing) {
        sendProblem(res, {
          status: 404,
          title: 'Not Found',
          detail: `No saved crypto destination address has the id ${body.id}`,
        });
        return;
      }
      saved = store.update(existing, changes);
    } else {
      // The schema guarantees both once id is absent.
      const network = body.crypto_network!;
      const address = body.address!;
      const existing = store.findByKey(network, address, body.identity_id);
      saved = existing
        ? store.update(existing, changes)
        : store.create(
            {
              crypto_network: network,
              address,
              ...(body.identity_id !== undefined ? { identity_id: body.identity_id } : {}),
              ...changes,
            },
            ctx.now(),
          );
    }
    const answer: PutCryptoDestinationAddressResponse = { address: toResponseAddress(saved) };
    res.status(200).json(answer);
  };
}

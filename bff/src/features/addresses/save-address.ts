import { comparableFromSaved, diffAddress } from '#contract/address-diff';
import {
  PutAddressAnswerSchema,
  type CryptoDestinationAddress,
  type PutCryptoDestinationAddressRequest,
} from '#contract/destination-addresses';
import type { OperatorRef } from '#contract/operator-ref';
import type { Operator } from '#bff/auth/operator';
import { HttpProblem } from '#bff/http/http-problem';
import { persistWithRetry } from '#bff/lib/persist-with-retry';
import type { Logger } from '#bff/logger';
import type { AddressBook } from '#bff/store/ports';
import { readJsonBody, UpstreamFailure, type UpstreamClient } from '#bff/upstream/upstream-client';
import { malformedUpstream, problemFromUpstream } from '#bff/upstream/upstream-problem';
import type { AddressPutAudit, AddressPutOutcome } from './address-put-audit';

interface AddressSaverDeps {
  upstream: UpstreamClient;
  logger: Logger;
  /** When the BFF keeps a record: the saved address goes into the address book. */
  store?: { addressBook: AddressBook } | undefined;
}

/**
 * 502 with `outcome: "unknown"` (as a withdrawal's unknown outcome): the service answered 200
 * without the address it saved.
 */
function addressOutcomeUnknown(): HttpProblem {
  return new HttpProblem({
    title: 'Bad Gateway',
    status: 502,
    detail:
      'The service accepted the save but its answer names no address: whether and how it was saved is not known. Check the saved addresses; saving again is safe (the same body updates the same address).',
    outcome: 'unknown',
  });
}

/** The address as the service saved it. */
interface Saved {
  address: CryptoDestinationAddress;
}

/**
 * The fields an update changed, from the service's answers before and after (contract's
 * diffAddress, the review's own diff), plus the address's spelling when only its case changed.
 */
function changedFieldsOf(
  before: CryptoDestinationAddress,
  after: CryptoDestinationAddress,
): string[] {
  const fields = diffAddress(comparableFromSaved(before), comparableFromSaved(after)).map(
    (change) => change.path,
  );
  return before.address !== undefined && before.address !== after.address
    ? ['address', ...fields]
    : fields;
}

/** What the address book made of a save (the audit event's outcome and changed fields). */
interface BookRecord {
  outcome: 'created' | 'updated';
  changedFields?: string[];
}

/**
 * Records the saved address in the address book: "updated" when the book already held it (by its
 * canonical form, so a new spelling of a saved address is an update), "created" otherwise, with
 * the fields an update changed.
 */
async function recordInAddressBook(
  deps: { addressBook: AddressBook; logger: Logger },
  request: PutCryptoDestinationAddressRequest,
  saved: CryptoDestinationAddress,
  savedBy: OperatorRef,
  requestId: string,
): Promise<BookRecord> {
  const { addressBook } = deps;
  // What the book held before this save, to name what an update changed. A failed read only
  // costs the audit event its field list.
  // (An update by id may leave the address out of the request: the answer names it.)
  const network = request.crypto_network ?? saved.crypto_network;
  const before = network
    ? await addressBook
        .find(network, request.address ?? saved.address, request.identity_id ?? undefined)
        .catch(() => undefined)
    : undefined;
  // The key comes from the service's answer (the address as saved, in its canonical form); the
  // request fills in the network and identity when the answer does not echo them.
  const entry = await persistWithRetry(
    () =>
      addressBook.recordSaved(saved, savedBy, {
        crypto_network: request.crypto_network,
        ...(request.identity_id ? { identity_id: request.identity_id } : {}),
      }),
    {
      logger: deps.logger,
      what: 'saved address (address book)',
      fields: { req_id: requestId, address_id: saved.id },
    },
  );
  if (entry.written && entry.value.version > 1)
    return {
      outcome: 'updated',
      ...(before ? { changedFields: changedFieldsOf(before.upstream, saved) } : {}),
    };
  return { outcome: 'created' };
}

/**
 * The upstream upsert, its address book record and audit event. `savedBy` is who asked for the
 * change (the initiator, when an approval sends it); `operator` who sent it now. The same path for
 * a PUT that needs no approval and for the last approval of one that did.
 */
export function createAddressSaver(deps: AddressSaverDeps, audit: AddressPutAudit) {
  return async function saveAddress(
    request: PutCryptoDestinationAddressRequest,
    operator: Operator,
    requestId: string,
    savedBy: OperatorRef = { subject: operator.subject, name: operator.name },
  ): Promise<Saved> {
    let status: number;
    let saved: CryptoDestinationAddress;
    let audited = false;
    const record = async (outcome: AddressPutOutcome, upstreamStatus?: number) => {
      audited = true;
      await audit(operator, requestId, request, outcome, {
        ...(upstreamStatus === undefined ? {} : { upstreamStatus }),
      });
    };
    try {
      const response = await deps.upstream.call('putAddress', { body: request, requestId });
      status = response.status;
      if (status !== 200) {
        const problem = await problemFromUpstream(response);
        await record(status >= 500 ? 'unknown' : 'refused', status);
        throw problem;
      }
      const body = await readJsonBody(response);
      const answer = body.ok ? PutAddressAnswerSchema.safeParse(body.value) : undefined;
      if (!answer?.success) {
        // The upstream answered 200: it probably saved the address, but we cannot say what it holds.
        await record('unknown', status);
        throw malformedUpstream();
      }
      if (!answer.data.address) {
        // A valid answer that names no address: the same unknown, said in the operator's words.
        await record('unknown', status);
        throw addressOutcomeUnknown();
      }
      saved = answer.data.address;
    } catch (error) {
      // No answer (timeout, reset): an upsert may have been applied. Token trouble: nothing was sent.
      if (!audited) await record(error instanceof UpstreamFailure ? 'unknown' : 'refused');
      throw error;
    }

    const book: BookRecord = deps.store
      ? await recordInAddressBook(
          { addressBook: deps.store.addressBook, logger: deps.logger },
          request,
          saved,
          savedBy,
          requestId,
        )
      : { outcome: 'created' };
    await audit(operator, requestId, request, book.outcome, {
      upstreamStatus: status,
      saved,
      ...(book.changedFields ? { changedFields: book.changedFields } : {}),
    });
    return { address: saved };
  };
}

import { comparableFromSaved, diffAddress } from '#contract/address-diff';
import type { AddressBookEntry } from '#contract/address-book';
import { AUDIT_VALUE_FIELDS, type AuditChangeValue } from '#contract/audit';
import {
  PutAddressAnswerSchema,
  type CryptoDestinationAddress,
  type PutCryptoDestinationAddressRequest,
} from '#contract/destination-addresses';
import { bookKey } from '#contract/networks/canonical-address';
import { type OperatorRef, operatorRef } from '#contract/operator-ref';
import type { Operator } from '#bff/auth/operator';
import { HttpProblem } from '#bff/http/http-problem';
import { persistWithRetry } from '#bff/lib/persist-with-retry';
import type { Logger } from '#bff/logger';
import type { AddressBook } from '#bff/store/address-book-port';
import { readJsonBody, UpstreamFailure, type UpstreamClient } from '#bff/upstream/upstream-client';
import { malformedUpstream, problemFromUpstream } from '#bff/upstream/upstream-json';
import type { DestinationRegistry, ServiceHoldings } from '#bff/gate/destination-registry';
import { UNREAD } from '#bff/upstream/service-address-reader';
import { recordAudits } from '#bff/lib/record-audit';
import type { AuditLog } from '#bff/store/audit-log-port';
import {
  addressPutEvent,
  type AddressPutAudit,
  type AddressPutExtra,
  type AddressPutOutcome,
} from './address-put-audit';

interface AddressSaverDeps {
  upstream: UpstreamClient;
  logger: Logger;
  /** When the BFF keeps a record: the saved address goes into the address book. */
  store?: { addressBook: AddressBook } | undefined;
  /** The service's own record of an address the book does not hold yet (issue 26 item 8). */
  destinations?: Pick<DestinationRegistry, 'serviceSaved'> | undefined;
}

/**
 * What a caller read for many saves at once (an address import's page of rows), in place of a
 * read a save: the book's entries of their destinations by book key (a key absent: none), and the
 * service's saved addresses of them (a destination it has no answer for is asked on its own).
 */
export interface ReadTogether {
  book: ReadonlyMap<string, AddressBookEntry>;
  service: ServiceHoldings;
}

/** What the book and the service held of the destination before the save. */
interface HeldBefore {
  /** The book's entry (read when the request names its destination). */
  inBook: AddressBookEntry | undefined;
  /** The service's record when the book holds none: the save then updates it. */
  atService: CryptoDestinationAddress | undefined;
}

/**
 * What the book and the service held before this save. Of an address the book does not hold,
 * the service's record: saving it through the console then updates that record (the audit says
 * "updated", never "created"). `read`: what was read for several saves at once.
 */
async function heldBefore(
  deps: AddressSaverDeps,
  request: PutCryptoDestinationAddressRequest,
  read: ReadTogether | undefined,
): Promise<HeldBefore> {
  const { crypto_network: network, address } = request;
  if (!deps.store || !network || !address) return { inBook: undefined, atService: undefined };
  const inBook = read
    ? read.book.get(bookKey(network, address, request.identity_id))
    : await deps.store.addressBook
        .find(network, address, request.identity_id)
        .catch(() => undefined);
  if (inBook || !deps.destinations) return { inBook, atService: undefined };
  const held = await deps.destinations
    .serviceSaved(network, address, request.identity_id, read?.service)
    .catch(() => undefined);
  return { inBook, atService: held === UNREAD ? undefined : held };
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
function changesOf(
  before: CryptoDestinationAddress,
  after: CryptoDestinationAddress,
): Pick<BookRecord, 'changedFields' | 'changeValues'> {
  const changes = diffAddress(comparableFromSaved(before), comparableFromSaved(after));
  const fields = changes.map((change) => change.path);
  // Values only of the fields that are not personal data (contract/audit.ts).
  const changeValues = changes
    .filter((change) => AUDIT_VALUE_FIELDS.includes(change.path))
    .map(({ path, before: was, after: is }) => ({
      path,
      ...(was !== undefined ? { before: was } : {}),
      ...(is !== undefined ? { after: is } : {}),
    }));
  return {
    changedFields:
      before.address !== undefined && before.address !== after.address
        ? ['address', ...fields]
        : fields,
    changeValues,
  };
}

/** What the address book made of a save (the audit event's outcome and changed fields). */
interface BookRecord {
  outcome: 'created' | 'updated';
  changedFields?: string[];
  changeValues?: AuditChangeValue[];
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
  held: HeldBefore,
): Promise<BookRecord> {
  const { addressBook } = deps;
  // What the book held before this save, to name what an update changed: read before the upstream
  // call when the request names its destination. An update by id may leave the address out of
  // the request: the answer names it, read now. A failed read only costs the audit event its
  // field list.
  const network = request.crypto_network ?? saved.crypto_network;
  const before =
    held.inBook ??
    (network && !(request.crypto_network && request.address)
      ? await addressBook
          .find(network, request.address ?? saved.address, request.identity_id ?? undefined)
          .catch(() => undefined)
      : undefined);
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
  return bookRecordOf(entry.written ? entry.value.version : undefined, before, held, saved);
}

/**
 * The audit's outcome of a save from its book entry's version (undefined: the book's write
 * failed): "updated" when the book held it, or the service did (first saved here, but an update
 * of what the service held), "created" otherwise; with the fields an update changed.
 */
function bookRecordOf(
  version: number | undefined,
  before: AddressBookEntry | undefined,
  held: HeldBefore,
  saved: CryptoDestinationAddress,
): BookRecord {
  if (version !== undefined && version > 1)
    return { outcome: 'updated', ...(before ? changesOf(before.upstream, saved) : {}) };
  if (held.atService) return { outcome: 'updated', ...changesOf(held.atService, saved) };
  return { outcome: 'created' };
}

/** A save the service answered: what to record of it. */
export interface SentAddress {
  request: PutCryptoDestinationAddressRequest;
  saved: CryptoDestinationAddress;
  upstreamStatus: number;
  held: HeldBefore;
  operator: Operator;
  requestId: string;
}

/**
 * The upstream upsert: what the book and the service held before it, then the PUT. An answer
 * that is not a save (refused, unknown, malformed) is audited here and thrown.
 */
function createAddressSend(deps: AddressSaverDeps, audit: AddressPutAudit) {
  return async function sendAddress(
    request: PutCryptoDestinationAddressRequest,
    operator: Operator,
    requestId: string,
    read?: ReadTogether,
  ): Promise<SentAddress> {
    const held = await heldBefore(deps, request, read);
    let audited = false;
    const record = async (outcome: AddressPutOutcome, upstreamStatus?: number) => {
      audited = true;
      await audit(operator, requestId, request, outcome, {
        ...(upstreamStatus === undefined ? {} : { upstreamStatus }),
      });
    };
    try {
      const response = await deps.upstream.call('putAddress', { body: request, requestId });
      const status = response.status;
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
      return {
        request,
        saved: answer.data.address,
        upstreamStatus: status,
        held,
        operator,
        requestId,
      };
    } catch (error) {
      // No answer (timeout, reset): an upsert may have been applied. Token trouble: nothing was sent.
      if (!audited) await record(error instanceof UpstreamFailure ? 'unknown' : 'refused');
      throw error;
    }
  };
}

/** What the address.put event of a save the service answered says of it and of the book. */
const savedExtra = (sent: SentAddress, book: BookRecord): AddressPutExtra => ({
  upstreamStatus: sent.upstreamStatus,
  saved: sent.saved,
  ...(book.changedFields ? { changedFields: book.changedFields } : {}),
  ...(book.changeValues ? { changeValues: book.changeValues } : {}),
});

/**
 * The upstream upsert, its address book record and audit event. `savedBy` is who asked for the
 * change (the initiator, when an approval sends it); `operator` who sent it now. The same path for
 * a PUT that needs no approval and for the last approval of one that did.
 */
export function createAddressSaver(deps: AddressSaverDeps, audit: AddressPutAudit) {
  const send = createAddressSend(deps, audit);
  return async function saveAddress(
    request: PutCryptoDestinationAddressRequest,
    operator: Operator,
    requestId: string,
    savedBy: OperatorRef = operatorRef(operator),
    read?: ReadTogether,
  ): Promise<Saved> {
    const sent = await send(request, operator, requestId, read);
    const book: BookRecord = deps.store
      ? await recordInAddressBook(
          { addressBook: deps.store.addressBook, logger: deps.logger },
          request,
          sent.saved,
          savedBy,
          requestId,
          sent.held,
        )
      : { outcome: 'created' };
    await audit(operator, requestId, request, book.outcome, savedExtra(sent, book));
    return { address: sent.saved };
  };
}

/**
 * An address import's saves, a page at a time: each row sent as saveAddress sends it (`send`:
 * the same upsert, the same audit of a refusal), then the page's sent rows recorded together
 * (`record`): their book entries in one write and their address.put events in another, the
 * events saying what saveAddress's would. On PGlite each statement is a round of its protocol:
 * three a row made the import's apply ~3 ms a row (docs/bench.md, "Address book import").
 */
export function createPageSaver(
  deps: AddressSaverDeps & { store?: { addressBook: AddressBook; audit: AuditLog } | undefined },
  audit: AddressPutAudit,
) {
  const send = createAddressSend(deps, audit);
  async function bookRecords(page: readonly SentAddress[]): Promise<BookRecord[]> {
    const store = deps.store;
    if (!store) return page.map(() => ({ outcome: 'created' }));
    const alone = () =>
      Promise.all(
        page.map((s) =>
          recordInAddressBook(
            { addressBook: store.addressBook, logger: deps.logger },
            s.request,
            s.saved,
            operatorRef(s.operator),
            s.requestId,
            s.held,
          ),
        ),
      );
    // Rows that name their destination (a file's rows do): their entries before came with the
    // page's read. Another (an update by id) is recorded alone, as saveAddress records it.
    if (!page.every((s) => s.request.crypto_network && s.request.address)) return alone();
    // One write for the page; if it fails (a database hiccup, or one answer the database cannot
    // store), each row is recorded alone, with its own tries and alert: one bad row costs only
    // its own entry.
    const versions = await store.addressBook
      .recordSavedMany(
        page.map((s) => ({
          address: s.saved,
          operator: operatorRef(s.operator),
          request: {
            crypto_network: s.request.crypto_network,
            ...(s.request.identity_id ? { identity_id: s.request.identity_id } : {}),
          },
        })),
      )
      .catch(() => undefined);
    if (!versions) return alone();
    return page.map((s, i) => bookRecordOf(versions[i]!, s.held.inBook, s.held, s.saved));
  }
  return {
    send,
    async record(page: readonly SentAddress[]): Promise<void> {
      if (page.length === 0) return;
      const books = await bookRecords(page);
      if (deps.store)
        await recordAudits(
          { audit: deps.store.audit, logger: deps.logger },
          page.map((sent, i) =>
            addressPutEvent(
              sent.operator,
              sent.requestId,
              sent.request,
              books[i]!.outcome,
              savedExtra(sent, books[i]!),
            ),
          ),
        );
    },
  };
}

import {
  MEMO_DIFF_PATH,
  memoChangeOf,
  type AddressImportRow,
  type AddressImportSummary,
} from '#contract/address-import';
import type { PutCryptoDestinationAddressRequest } from '#contract/destination-addresses';
import { bookKey } from '#contract/networks/canonical-address';
import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import { requestHash } from '#contract/request-hash';
import type { Operator } from '#bff/auth/operator';
import { HttpProblem } from '#bff/http/http-problem';
import { recordAudit } from '#bff/lib/record-audit';
import type { AddressImportStore } from '#bff/store/address-import-port';
import { createAddressPutAudit } from './address-put-audit';
import { createAddressChangeHold } from './hold-address-change';
import { putAddressSchema, type PutAddressDeps } from './put-address';
import { createPageSaver, type ReadTogether, type SentAddress } from './save-address';
import { createMemoChange } from './set-address-memo';

/**
 * Rows read from the store at a time: apply holds one page, whatever the file's size. Each page
 * costs its reads (the book, the service's saved addresses), its writes (book, audit, outcomes)
 * and a pause of the rows in flight while they are written: 500 rows a page applied a 5,000-row
 * file in 2.2 s where 100 took 2.5-2.7 (docs/bench.md, "Address book import"). A crash mid-page
 * sends at most a page's rows again (an upsert of the same body).
 */
export const APPLY_PAGE = 500;

/**
 * Rows of a page sent at once: the batch sender's figure (withdrawal-batches/batch-sender.ts).
 * The service publishes no rate but throttles a client that hammers it (429 for minutes), and its
 * limit is shared with everything else the console sends; a file's rows are distinct
 * destinations (the preview refuses a repeated one), so none waits for another.
 */
const ROWS_IN_FLIGHT = 4;

function notFound(id: string): HttpProblem {
  return new HttpProblem({
    title: 'Not Found',
    status: 404,
    detail: `No address import has the id ${id.slice(0, 64)}.`,
  });
}

/** Why the import cannot be applied as it stands, or undefined. */
function refusal(summary: AddressImportSummary, confirmLookAlikes: boolean) {
  if (summary.status === 'previewing')
    return new HttpProblem({
      title: 'Conflict',
      status: 409,
      detail: 'The file is still being checked.',
    });
  if (summary.counts.invalid > 0)
    return new HttpProblem({
      title: 'Unprocessable Content',
      status: 422,
      detail: `${summary.counts.invalid} row(s) of the file are not valid: nothing is saved until the file is fixed (or those rows removed) and imported again.`,
    });
  if (summary.counts.look_alike > 0 && !confirmLookAlikes)
    return new HttpProblem({
      type: CONSOLE_PROBLEM_TYPES.lookAlikeUnconfirmed,
      title: 'Conflict',
      status: 409,
      detail: `${summary.counts.look_alike} row(s) look like a known destination (same first and last characters): check them with the recipient, then confirm (confirm_look_alikes).`,
    });
  return undefined;
}

/** The address book's find() arguments for a row's destination. */
const destinationArgs = (request: PutCryptoDestinationAddressRequest) =>
  [request.crypto_network ?? '', request.address ?? '', request.identity_id ?? undefined] as const;

/** The destinations of a page's rows that name one (what serviceHoldings reads). */
function rowDestinations(rows: AddressImportRow[]) {
  return rows.flatMap((row) => {
    const network = row.request?.crypto_network;
    const address = row.request?.address;
    const identity = row.request?.identity_id;
    return typeof network === 'string' && typeof address === 'string'
      ? [
          {
            crypto_network: network,
            address,
            ...(typeof identity === 'string' ? { identity_id: identity } : {}),
          },
        ]
      : [];
  });
}

/** A row's outcome: held, saved, or refused, with why and the request holding it. */
interface RowOutcome {
  outcome: string;
  detail?: string;
  approvalId?: string;
}

/** An imported row's memo, changed on the saved entry as the memo card changes it. */
function createMemoOutcome(deps: PutAddressDeps, changeMemo: ReturnType<typeof createMemoChange>) {
  /**
   * The row's `outcome` with its memo change of the saved entry: held (the row then awaits that
   * approval, `heldDetail` saying what is saved already), kept, or not (with why).
   */
  return async function memoOf(
    request: PutCryptoDestinationAddressRequest,
    memo: { memo: string | undefined } | undefined,
    { outcome, heldDetail }: { outcome: string; heldDetail?: string },
    operator: Operator,
    requestId: string,
  ): Promise<RowOutcome> {
    if (!memo) return { outcome };
    const entry = await deps.store?.addressBook.find(...destinationArgs(request));
    const result = entry
      ? await changeMemo(entry, memo.memo, operator, requestId).catch((error: unknown) => {
          if (error instanceof HttpProblem) return { refused: error.problem.detail ?? '' };
          deps.logger.error({ err: error, req_id: requestId }, 'an imported memo was not kept');
          return undefined;
        })
      : undefined;
    if (result && 'held' in result)
      return {
        outcome: 'awaiting_approval',
        approvalId: result.held.approval.id,
        ...(heldDetail ? { detail: heldDetail } : {}),
      };
    if (result && 'entry' in result) return { outcome };
    const why = result && 'refused' in result ? ` (${result.refused})` : '';
    return {
      outcome,
      detail: `Its destination memo was not kept${why}: set it on the address’s page.`,
    };
  };
}

/** A row's step before its page is recorded: its outcome already, or a save to record. */
type RowStep =
  | { outcome: RowOutcome }
  | { sent: SentAddress; memo: { memo: string | undefined } | undefined; kind: string };

/** What the book and the service hold of a page's destinations, read together. */
async function readTogether(
  deps: PutAddressDeps,
  destinations: ReturnType<typeof rowDestinations>,
): Promise<ReadTogether | undefined> {
  if (!deps.store || !deps.destinations) return undefined;
  const book = await deps.store.addressBook.getMany(
    destinations.map((d) => bookKey(d.crypto_network, d.address, d.identity_id)),
  );
  return { book, service: await deps.destinations.serviceHoldings(destinations) };
}

/**
 * `send` for each row, ROWS_IN_FLIGHT at a time, in the rows' order. The first unexpected
 * failure stops what is not started yet; the steps of the rows sent before it are kept.
 */
async function inFlight(
  rows: readonly AddressImportRow[],
  send: (row: AddressImportRow) => Promise<RowStep>,
): Promise<{ steps: Array<RowStep | undefined>; failure: { error: unknown } | undefined }> {
  const steps: Array<RowStep | undefined> = [];
  let failure: { error: unknown } | undefined;
  let next = 0;
  const sender = async () => {
    for (let i = next++; i < rows.length && !failure; i = next++)
      steps[i] = await send(rows[i]!).catch((error: unknown) => void (failure ??= { error }));
  };
  await Promise.all(Array.from({ length: Math.min(ROWS_IN_FLIGHT, rows.length) }, sender));
  return { steps, failure };
}

/** A saved row's outcome once its page is recorded: its memo change of the entry, if any. */
function savedOutcome(
  memoOf: ReturnType<typeof createMemoOutcome>,
  step: Extract<RowStep, { sent: SentAddress }>,
): Promise<RowOutcome> {
  const saved = {
    outcome: step.kind === 'create' ? 'created' : 'updated',
    heldDetail: 'The address is saved; its destination memo waits for approval.',
  };
  const { request, operator, requestId } = step.sent;
  return memoOf(request, step.memo, saved, operator, requestId);
}

/**
 * A row's first step: refused when it cannot be read back; its memo alone changed; held by the
 * gate; or sent (recorded with its page). A problem the service or the gate answered is the
 * row's outcome; anything else is thrown.
 */
function createRowSender(
  deps: PutAddressDeps,
  parts: {
    schema: ReturnType<typeof putAddressSchema>;
    hold: ReturnType<typeof createAddressChangeHold>;
    pages: ReturnType<typeof createPageSaver>;
    memoOf: ReturnType<typeof createMemoOutcome>;
  },
) {
  const { schema, hold, pages, memoOf } = parts;
  return async function sendRow(
    row: AddressImportRow,
    operator: Operator,
    requestId: string,
    read: ReadTogether | undefined,
  ): Promise<RowStep> {
    const parsed = schema.safeParse(row.request);
    if (!parsed.success)
      return { outcome: { outcome: 'refused', detail: 'The row could not be read back.' } };
    const memo = memoChangeOf(row.diff);
    try {
      // Only the book's memo changes, on an entry the book holds: nothing to send upstream.
      const memoOnly = row.kind === 'update' && row.diff.every((c) => c.path === MEMO_DIFF_PATH);
      if (memoOnly && (await deps.store?.addressBook.find(...destinationArgs(parsed.data))))
        return {
          outcome: await memoOf(parsed.data, memo, { outcome: 'updated' }, operator, requestId),
        };
      const held = await hold(parsed.data, operator, requestId, memo);
      if (held) return { outcome: { outcome: 'awaiting_approval', approvalId: held.approval.id } };
      return {
        sent: await pages.send(parsed.data, operator, requestId, read),
        memo,
        kind: row.kind,
      };
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      const outcome = error.problem.status >= 500 ? 'unknown' : 'refused';
      return { outcome: { outcome, detail: error.problem.detail ?? error.problem.title } };
    }
  };
}

/**
 * POST /api/addresses/import/:id/apply: each create or update row is saved through the editor's
 * own path: the four-eyes gate may hold it (one approval request per row, as a PUT would; its
 * destination memo waits with it and is kept when the approval saves it), otherwise the upstream
 * upsert, then the address book and its address.put audit event, written for the page's saved
 * rows together (createPageSaver), then its memo through the memo card's own change (held for
 * approval under the policy, else kept: address.memo). A row that changes the book's memo alone
 * changes only that, the same way. A row that has an outcome is never sent again: apply after a
 * crash picks up the rest. A crash between a page's upserts and its writes leaves those rows
 * without an outcome: sent again then (the same body updates the same address: an upsert), and
 * recorded then, as updates of what the service holds.
 */
export function createImportApplier(deps: PutAddressDeps & { imports: AddressImportStore }) {
  const schema = putAddressSchema(deps.environment);
  const audit = createAddressPutAudit(deps);
  const hold = createAddressChangeHold(deps, audit);
  const pages = createPageSaver(deps, audit);

  const memoOf = createMemoOutcome(deps, createMemoChange(deps));
  const sendRow = createRowSender(deps, { schema, hold, pages, memoOf });

  /**
   * A page of rows, ROWS_IN_FLIGHT sent at a time; then what the service saved is recorded
   * together, and the page's outcomes. A row that failed unexpectedly (not a problem the service
   * or the gate answered) stops the apply once what was sent before it is recorded.
   */
  async function applyPage(
    id: string,
    rows: AddressImportRow[],
    operator: Operator,
    requestId: string,
  ): Promise<void> {
    // What the book and the service hold of the page's destinations, read together (not a
    // store read and an upstream call a row).
    const read = await readTogether(deps, rowDestinations(rows));
    const { steps, failure } = await inFlight(rows, (row) =>
      sendRow(row, operator, `${requestId}.${row.line}`, read),
    );
    await pages.record(steps.flatMap((step) => (step && 'sent' in step ? [step.sent] : [])));
    const outcomes = [];
    for (const [i, step] of steps.entries()) {
      if (!step) continue;
      outcomes.push({
        line: rows[i]!.line,
        outcome: 'sent' in step ? await savedOutcome(memoOf, step) : step.outcome,
      });
    }
    await deps.imports.setOutcomes(id, outcomes);
    if (failure) throw failure.error;
  }

  return async function applyImport(
    id: string,
    operator: Operator,
    requestId: string,
    options: { confirmLookAlikes: boolean },
  ): Promise<AddressImportSummary> {
    const summary = await deps.imports.get(id);
    if (!summary) throw notFound(id);
    if (summary.status === 'applied') return summary;
    const refused = refusal(summary, options.confirmLookAlikes);
    if (refused) throw refused;
    if (!(await deps.imports.claim(id))) throw notFound(id);
    let afterLine = 0;
    for (;;) {
      const rows = await deps.imports.rows(id, { afterLine, limit: APPLY_PAGE, pending: true });
      await applyPage(id, rows, operator, requestId);
      if (rows.length < APPLY_PAGE) break;
      afterLine = rows[rows.length - 1]!.line;
    }
    await deps.imports.finishApply(id);
    if (deps.store)
      await recordAudit(
        { audit: deps.store.audit, logger: deps.logger },
        {
          operator_subject: operator.subject,
          operator_name: operator.name,
          roles: operator.roles,
          action: 'address.import',
          target: `import:${id}`,
          request_hash: requestHash({ import: id }),
          outcome: 'applied',
          request_id: requestId,
        },
      );
    return (await deps.imports.get(id)) ?? summary;
  };
}

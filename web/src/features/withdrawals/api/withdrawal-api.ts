import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { ListAddressesResponseSchema } from '#contract/address-book';
import { ListDestinationsResponseSchema } from '#contract/destinations';
import {
  ListWithdrawalsResponseSchema,
  WithdrawalRecordSchema,
  type ListWithdrawalsQuery,
} from '#contract/withdrawal-ledger';
import { z } from 'zod';
import { HeldForApprovalResponseSchema, type HeldForApprovalResponse } from '#contract/approvals';
import { TransferSchema, type SubmitWithdrawalRequest, type Transfer } from '#contract/withdrawals';
import { apiGet, apiRequest } from '#web/lib/api-client';
import { isApiError } from '#web/lib/api-error';
import { pollDelayMs } from '#web/lib/poll-delay';
import { addressKeys } from '#web/shared/destinations/address-book-keys';
import {
  outcomeFromError,
  outcomeFromTransfer,
  type WithdrawalOutcome,
} from '../lib/withdrawal-outcome';

/**
 * Sends one withdrawal and explains the answer. Never throws for an answer the operator must see
 * (refusals, unknown outcomes): they become outcomes. Rethrown: an aborted request, and the BFF's
 * own 401 (the operator's session ended; the mutation cache shows the session-ended screen). A 401
 * marked outcome "unknown" is the upstream refusing the BFF's credentials, an outcome like others.
 */
export async function submitWithdrawal(body: SubmitWithdrawalRequest): Promise<WithdrawalOutcome> {
  try {
    const { data, headers } = await apiRequest('/api/withdrawals', {
      method: 'POST',
      body,
      // 202 holds it for approval (the same answer again for the same ref_id); 200 is the transfer.
      schema: z.union([HeldForApprovalResponseSchema, TransferSchema]),
    });
    if (isHeld(data)) return { kind: 'awaiting_approval', approval: data.approval };
    return outcomeFromTransfer(data, headers);
  } catch (error) {
    if (isApiError(error) && !(error.status === 401 && !error.outcomeUnknown))
      return outcomeFromError(error, body);
    throw error;
  }
}

/** The union's held branch (both were parsed by the union already; this only tells them apart). */
const isHeld = (data: HeldForApprovalResponse | Transfer): data is HeldForApprovalResponse =>
  'approval' in data && typeof data.approval === 'object' && data.approval !== null;

type WithdrawalFilters = Omit<ListWithdrawalsQuery, 'limit' | 'cursor'>;

export const LEDGER_PAGE_SIZE = 50;

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  list: (filters: WithdrawalFilters, cursor: string | undefined) =>
    ['withdrawals', 'list', filters, cursor ?? ''] as const,
  detail: (refId: string) => ['withdrawals', 'detail', refId] as const,
};

/** Ledger statuses that change without this page doing anything: a decision, then the send. */
const SETTLING_STATUSES = new Set(['awaiting_approval', 'submitting']);

/**
 * One cursor page of the BFF's ledger, newest first. `liveStatus`: the transfer_status feature is
 * on, so the BFF keeps PENDING transfers current and looking again can show something new.
 */
export function withdrawalsListQuery(
  filters: WithdrawalFilters,
  cursor: string | undefined,
  liveStatus: boolean,
) {
  return queryOptions({
    queryKey: withdrawalKeys.list(filters, cursor),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/withdrawals',
        ListWithdrawalsResponseSchema,
        { ...filters, limit: LEDGER_PAGE_SIZE, cursor },
        signal,
      ),
    // The previous page stays on screen while the next loads: no flash, no lost scroll.
    placeholderData: keepPreviousData,
    // The BFF re-reads PENDING transfers in the background: while the page shows one, look again
    // now and then (paused while the tab is hidden). With the feature off it reads none, so a
    // look again could only show the same statuses. A row awaiting an approval or its send
    // changes whatever the feature: another operator decides.
    refetchInterval: (query) =>
      query.state.data?.withdrawals.some(
        (w) =>
          SETTLING_STATUSES.has(w.status) ||
          (liveStatus && w.status === 'created' && w.transfer?.status === 'PENDING'),
      )
        ? 15_000
        : false,
  });
}

export function withdrawalDetailQuery(refId: string) {
  return queryOptions({
    queryKey: withdrawalKeys.detail(refId),
    queryFn: ({ signal }) =>
      apiGet(
        `/api/withdrawals/${encodeURIComponent(refId)}`,
        WithdrawalRecordSchema,
        undefined,
        signal,
      ),
  });
}

/**
 * A ledger record as someone waits on it: read again with backoff (while the tab is visible)
 * while it awaits an approval or its send, so the decision and its outcome show without a reload.
 */
export function liveWithdrawalDetailQuery(refId: string) {
  return queryOptions({
    ...withdrawalDetailQuery(refId),
    refetchInterval: (query) => {
      const { data, dataUpdateCount, errorUpdateCount } = query.state;
      // Nothing read yet (a failed first read) is asked again too.
      return data === undefined || SETTLING_STATUSES.has(data.status)
        ? pollDelayMs(dataUpdateCount + errorUpdateCount)
        : false;
    },
    refetchIntervalInBackground: false,
  });
}

/** The BFF's address book, for picking a destination and for the look-alike warning. */
export function addressBookQuery(cryptoNetwork: string | undefined) {
  return queryOptions({
    queryKey: addressKeys.onNetwork('withdrawal-picker', cryptoNetwork ?? ''),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/addresses',
        ListAddressesResponseSchema,
        { crypto_network: cryptoNetwork, limit: 500 },
        signal,
      ),
    staleTime: 30_000,
  });
}

/**
 * Every approved destination on one network, for the picker (issue 42 item 3): the book's and the
 * service's own saved addresses (the Treasury cold wallet saved in its dashboard), each once,
 * archived ones left out. The same list, and key, as the address list's unfiltered view.
 */
export function savedDestinationsQuery(cryptoNetwork: string | undefined) {
  return queryOptions({
    queryKey: addressKeys.destinations('', cryptoNetwork ?? '', 'exclude'),
    // No network chosen yet: nothing to list.
    queryFn: cryptoNetwork
      ? ({ signal }) =>
          apiGet(
            '/api/destinations',
            ListDestinationsResponseSchema,
            { crypto_network: cryptoNetwork },
            signal,
          )
      : skipToken,
    staleTime: 30_000,
  });
}

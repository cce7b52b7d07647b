import {
  keepPreviousData,
  queryOptions,
  skipToken,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ListAddressesResponseSchema } from '#contract/address-book';
import { ListDestinationsResponseSchema } from '#contract/destinations';
import {
  ListWithdrawalsResponseSchema,
  type ListWithdrawalsQuery,
} from '#contract/withdrawal-ledger';
import { z } from 'zod';
import { HeldForApprovalResponseSchema, type HeldForApprovalResponse } from '#contract/approvals';
import { TransferSchema, type SubmitWithdrawalRequest, type Transfer } from '#contract/withdrawals';
import { apiGet, apiRequest } from '#web/lib/api-client';
import { isApiError } from '#web/lib/api-error';
import { pollDelayMs } from '#web/lib/poll-delay';
import { addressKeys } from '#web/shared/destinations/address-book-keys';
import { readWithdrawalRecord } from '#web/shared/withdrawals/read-withdrawal-record';
import {
  outcomeFromError,
  outcomeFromTransfer,
  type WithdrawalOutcome,
} from '../lib/withdrawal-outcome';
import { useCallback, useRef } from 'react';

/**
 * Sends one withdrawal and explains the answer. Never throws for an answer the operator must see
 * (refusals, unknown outcomes): they become outcomes. Rethrown: an aborted request, and the BFF's
 * own 401 (the operator's session ended; the mutation cache shows the session-ended screen). A 401
 * marked outcome "unknown" is the upstream refusing the BFF's credentials, an outcome like others.
 */
async function submitWithdrawal(body: SubmitWithdrawalRequest): Promise<WithdrawalOutcome> {
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

/** One ledger record (undefined: none to read, skipped). */
export function withdrawalDetailQuery(refId: string | undefined) {
  return queryOptions({
    queryKey: withdrawalKeys.detail(refId ?? ''),
    queryFn: refId === undefined ? skipToken : ({ signal }) => readWithdrawalRecord(refId, signal),
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

interface SubmitWithdrawal {
  /**
   * Sends the withdrawal (first submit and "Check again" alike). Answers its outcome (`not-sent`
   * when the BFF answered its own 401: the session ended, the shell shows the session-ended
   * screen in place of the page, and nothing went upstream), or undefined when nothing was sent
   * (a second click while one is out).
   */
  submit: (body: SubmitWithdrawalRequest) => Promise<WithdrawalOutcome | undefined>;
  sending: boolean;
}

/**
 * The one way the console submits a withdrawal: a mutation (so a 401 reaches the query client's
 * MutationCache and ends the session like any other call) behind a ref lock that a double click
 * cannot pass (set synchronously, before any re-render).
 */
export function useSubmitWithdrawal(): SubmitWithdrawal {
  const queryClient = useQueryClient();
  const lock = useRef(false);
  const { mutateAsync, isPending } = useMutation({
    mutationFn: submitWithdrawal,
    // The ledger changed (or may have): every list and detail reads it again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
  });
  const submit = useCallback(
    async (body: SubmitWithdrawalRequest) => {
      if (lock.current) return undefined;
      lock.current = true;
      try {
        return await mutateAsync(body);
      } catch (error) {
        // The BFF's own 401 (an upstream 401 comes back as an unknown outcome, never thrown):
        // its identity check refused the call before the route ran, so nothing was forwarded.
        if (isApiError(error) && error.status === 401) {
          const notSent: WithdrawalOutcome = { kind: 'not-sent', reason: 'session-ended' };
          return notSent;
        }
        const outcome: WithdrawalOutcome = {
          kind: 'unknown',
          detail: 'the request was interrupted',
          refId: body.ref_id,
          reach: 'sent',
        };
        return outcome;
      } finally {
        lock.current = false;
      }
    },
    [mutateAsync],
  );
  return { submit, sending: isPending };
}

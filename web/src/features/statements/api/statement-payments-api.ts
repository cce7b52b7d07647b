import { queryOptions, skipToken } from '@tanstack/react-query';
import {
  ListStatementPaymentsResponseSchema,
  PAYMENTS_MAX_LIMIT,
  type StatementPayment,
} from '#contract/statement-payments';
import {
  ListStatementsResponseSchema,
  STATEMENTS_MAX_LIMIT,
  type Statement,
} from '#contract/statements';
import { readPages } from '#web/lib/cursor-pages';
import { apiGet } from '#web/lib/api-client';
import { differingStatements, type DifferingStatement } from '../lib/differing-statements';
import { toExportQuery, type StatementFilters } from '../lib/statements-url-state';
import { statementKeys } from './statements-api';

/**
 * The payments the service lists for one statement (by its ref_id: one answer, no paging);
 * skipped for a statement without a ref_id.
 */
export const statementPaymentsQuery = (refId: string | undefined) =>
  queryOptions({
    queryKey: statementKeys.payments(refId ?? ''),
    queryFn:
      refId === undefined
        ? skipToken
        : async ({ signal }) =>
            (
              await apiGet(
                '/api/statements/payments',
                ListStatementPaymentsResponseSchema,
                { ref_ids: [refId] },
                signal,
              )
            ).payments,
  });

/** At most this many pages of PAYMENTS_MAX_LIMIT are read for one customer; beyond, it says so. */
export const CUSTOMER_PAYMENT_PAGES = 20;

interface CustomerPayments {
  payments: StatementPayment[];
  /** True when more payments remain than were read (the filter then says it is partial). */
  truncated: boolean;
}

/** Every payment of a customer (product USDG_REWARDS), all pages, up to CUSTOMER_PAYMENT_PAGES. */
async function readCustomerPayments(
  customerId: string,
  signal: AbortSignal,
): Promise<CustomerPayments> {
  const { items: payments, truncated } = await readPages(async (cursor) => {
    const answer = await apiGet(
      '/api/statements/payments',
      ListStatementPaymentsResponseSchema,
      {
        customer_id: customerId,
        product: 'USDG_REWARDS',
        limit: PAYMENTS_MAX_LIMIT,
        ...(cursor ? { page_cursor: cursor } : {}),
      },
      signal,
    );
    return { items: answer.payments, next: answer.next_page_cursor };
  }, CUSTOMER_PAYMENT_PAGES);
  return { payments, truncated };
}

/** At most this many pages of STATEMENTS_MAX_LIMIT statements are checked; beyond, it says so. */
export const CHECKED_STATEMENT_PAGES = 10;

export interface DifferingStatementsResult {
  rows: DifferingStatement[];
  /** How many statements matching the other filters were checked. */
  checked: number;
  paymentsRead: number;
  statementsTruncated: boolean;
  paymentsTruncated: boolean;
}

async function readAllStatements(
  filters: StatementFilters,
  signal: AbortSignal,
): Promise<{ statements: Statement[]; truncated: boolean }> {
  const { items: statements, truncated } = await readPages(async (cursor) => {
    const answer = await apiGet(
      '/api/statements',
      ListStatementsResponseSchema,
      {
        ...toExportQuery(filters),
        limit: STATEMENTS_MAX_LIMIT,
        ...(cursor ? { page_cursor: cursor } : {}),
      },
      signal,
    );
    return { items: answer.statements, next: answer.next_page_cursor };
  }, CHECKED_STATEMENT_PAGES);
  return { statements, truncated };
}

/**
 * "Payments differ": every statement matching the other filters and every payment of the customer
 * are read (up to the caps above, and the answer says when a cap was reached), then joined by
 * ref_id; only the statements the payments do not settle are kept.
 */
export const differingStatementsQuery = (filters: StatementFilters) =>
  queryOptions({
    queryKey: statementKeys.paymentsDiffer(filters),
    queryFn: async ({ signal }): Promise<DifferingStatementsResult> => {
      const [statements, payments] = await Promise.all([
        readAllStatements(filters, signal),
        readCustomerPayments(filters.customerId, signal),
      ]);
      return {
        rows: differingStatements(statements.statements, payments.payments),
        checked: statements.statements.length,
        paymentsRead: payments.payments.length,
        statementsTruncated: statements.truncated,
        paymentsTruncated: payments.truncated,
      };
    },
    staleTime: 30_000,
  });

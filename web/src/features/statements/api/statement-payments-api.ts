import { queryOptions } from '@tanstack/react-query';
import {
  ListStatementPaymentsResponseSchema,
  PAYMENTS_MAX_LIMIT,
  type StatementPayment,
} from '#contract/statement-payments';
import { apiGet } from '#web/lib/api-client';

/** The payments the service lists for one statement (by its ref_id: one answer, no paging). */
export const statementPaymentsQuery = (refId: string) =>
  queryOptions({
    queryKey: ['statements', 'payments', 'ref', refId] as const,
    queryFn: async ({ signal }) =>
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

export interface CustomerPayments {
  payments: StatementPayment[];
  /** True when more payments remain than were read (the filter then says it is partial). */
  truncated: boolean;
}

/** Every payment of a customer (product USDG_REWARDS), all pages, up to CUSTOMER_PAYMENT_PAGES. */
export const customerPaymentsQuery = (customerId: string) =>
  queryOptions({
    queryKey: ['statements', 'payments', 'customer', customerId] as const,
    queryFn: async ({ signal }): Promise<CustomerPayments> => {
      const payments: StatementPayment[] = [];
      let cursor = '';
      for (let page = 0; page < CUSTOMER_PAYMENT_PAGES; page += 1) {
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
        payments.push(...answer.payments);
        cursor = answer.next_page_cursor ?? '';
        if (!cursor) return { payments, truncated: false };
      }
      return { payments, truncated: true };
    },
    staleTime: 30_000,
  });

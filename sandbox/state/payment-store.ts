import type { StatementPayment } from '#contract/statement-payments';

interface PaymentQuery {
  refIds?: ReadonlySet<string>;
  paymentIds?: ReadonlySet<string>;
  customerId?: string;
  product?: string;
  status?: string;
  order: 'ASC' | 'DESC';
}

/** The statement payments (seeded, never changed): filtered and ordered by created_at, then id. */
export class PaymentStore {
  private readonly ascending: readonly StatementPayment[];

  constructor(payments: readonly StatementPayment[]) {
    this.ascending = [...payments].sort((a, b) => {
      const at = a.created_at ?? '';
      const bt = b.created_at ?? '';
      if (at !== bt) return at < bt ? -1 : 1;
      return (a.id ?? '') < (b.id ?? '') ? -1 : 1;
    });
  }

  find(query: PaymentQuery): StatementPayment[] {
    const found = this.ascending.filter(
      (p) =>
        (!query.refIds || query.refIds.has(p.ref_id ?? '')) &&
        (!query.paymentIds || query.paymentIds.has(p.id ?? '')) &&
        (query.customerId === undefined || p.customer_id === query.customerId) &&
        (query.product === undefined || p.product === query.product) &&
        (query.status === undefined || p.payment_status === query.status),
    );
    return query.order === 'ASC' ? found : found.reverse();
  }
}

/** The detail route of a statement; the customer id is needed to look it up. */
export function statementDetailPath(statementId: string, customerId: string): string {
  const params = new URLSearchParams({ customer_id: customerId });
  return `/statements/${encodeURIComponent(statementId)}?${params.toString()}`;
}

/** The list to go back to: the one the operator came from, else the customer's first page. */
export function statementsListPath(listSearch: unknown, customerId: string): string {
  if (typeof listSearch === 'string' && listSearch.startsWith('?'))
    return `/statements${listSearch}`;
  return customerId
    ? `/statements?${new URLSearchParams({ customer_id: customerId }).toString()}`
    : '/statements';
}

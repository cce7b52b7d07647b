const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The asset and the amount a recorded withdrawal request (read loosely, as the ledger and the
 * approval requests hold it) is valued by: the amount sent, else the total debited.
 */
export function requestQuantity(request: Record<string, unknown>): {
  asset: string;
  quantity: string | undefined;
} {
  return { asset: str(request.asset) ?? '', quantity: str(request.amount) ?? str(request.total) };
}

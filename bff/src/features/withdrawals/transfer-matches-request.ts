import { isSameDecimal } from '../../../../contract/decimal';
import type { SubmitWithdrawalRequest, Transfer } from '../../../../contract/withdrawals';

const CASE_INSENSITIVE = /^(0x[0-9a-f]+|(bc|tb|bcrt|ltc|tltc|rltc)1[0-9a-z]+)$/i;

/** EVM hex and bech32 ignore case; everything else is compared as written. */
function sameAddress(a: string, b: string): boolean {
  const x = a.trim();
  const y = b.trim();
  return CASE_INSENSITIVE.test(x) && CASE_INSENSITIVE.test(y)
    ? x.toLowerCase() === y.toLowerCase()
    : x === y;
}

function sameDecimal(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  try {
    return isSameDecimal(a, b);
  } catch {
    // Not a decimal string on one side: not the same amount.
    return false;
  }
}

/**
 * Whether the transfer the upstream already holds under this ref_id (409 Already Exists,
 * meta.existing) is this very request, created by an earlier try whose answer was lost. Only then
 * is the 409 the earlier success; anything else means the ref_id was used for another withdrawal.
 * Core fields must be present and equal; optional ones are compared when both sides carry them.
 */
export function transferMatchesRequest(
  transfer: Transfer,
  request: SubmitWithdrawalRequest,
): boolean {
  if (transfer.ref_id !== undefined && transfer.ref_id !== request.ref_id) return false;
  if (transfer.profile_id !== request.profile_id) return false;
  if (transfer.crypto_network !== request.crypto_network) return false;
  if (transfer.asset !== request.asset) return false;
  if (
    transfer.destination_address === undefined ||
    !sameAddress(transfer.destination_address, request.destination_address)
  )
    return false;
  // "amount" is what arrives and "total" what is debited; the request fixed exactly one of them.
  if (request.amount !== undefined && !sameDecimal(transfer.amount, request.amount)) return false;
  if (request.total !== undefined && !sameDecimal(transfer.total, request.total)) return false;
  const optional = ['identity_id', 'account_id', 'memo', 'balance_asset'] as const;
  for (const field of optional) {
    const wanted = request[field];
    const held = transfer[field];
    if (wanted !== undefined && held !== undefined && wanted !== held) return false;
  }
  return true;
}

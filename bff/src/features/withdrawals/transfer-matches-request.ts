import { isSameDecimal } from '../../../../contract/decimal';
import type { SubmitWithdrawalRequest, Transfer } from '../../../../contract/withdrawals';

const CASE_INSENSITIVE = /^(0x[0-9a-f]+|(bc|tb|bcrt|ltc|tltc|rltc)1[0-9a-z]+)$/i;
const CASHADDR_PREFIX = /^(bitcoincash|bchtest|bchreg):/i;
const CASHADDR_BODY = /^[qp][0-9a-z]{41}$/i;

/**
 * One spelling per address: EVM hex and bech32 ignore case; a cashaddr may come with or without
 * its "bitcoincash:" prefix and in either case. Base58 forms (legacy, Solana) are case-sensitive.
 */
function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const withoutPrefix = trimmed.replace(CASHADDR_PREFIX, '');
  if (withoutPrefix !== trimmed || CASHADDR_BODY.test(withoutPrefix)) {
    return withoutPrefix.toLowerCase();
  }
  return CASE_INSENSITIVE.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

function sameAddress(a: string, b: string): boolean {
  return normalizeAddress(a) === normalizeAddress(b);
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
 * meta.existing) is this very request, created by an earlier try whose answer was lost:
 * - "same": every core field is present and equal (optional ones compared when both carry them);
 * - "different": a field both sides carry differs, so the ref_id was used for another withdrawal;
 * - "unclear": core fields are missing, so the record cannot say. The ledger already ties this
 *   ref_id to this request, so the caller treats that as unknown (check again), never as
 *   "use a new ref_id", which could send the money twice.
 */
export function compareTransferToRequest(
  transfer: Transfer,
  request: SubmitWithdrawalRequest,
): 'same' | 'different' | 'unclear' {
  let unclear = false;
  const check = (
    held: string | undefined,
    wanted: string | undefined,
    same: (a: string, b: string) => boolean,
  ) => {
    if (wanted === undefined) return true;
    if (held === undefined) {
      unclear = true;
      return true;
    }
    return same(held, wanted);
  };
  const equal = (a: string, b: string) => a === b;
  const core = [
    check(transfer.ref_id, request.ref_id, equal),
    check(transfer.profile_id, request.profile_id, equal),
    check(transfer.crypto_network, request.crypto_network, equal),
    check(transfer.asset, request.asset, equal),
    check(transfer.destination_address, request.destination_address, sameAddress),
    // "amount" is what arrives and "total" what is debited; the request fixed exactly one of them.
    check(transfer.amount, request.amount, sameDecimal),
    check(transfer.total, request.total, sameDecimal),
  ];
  if (core.includes(false)) return 'different';
  const optional = ['identity_id', 'account_id', 'memo', 'balance_asset'] as const;
  for (const field of optional) {
    const wanted = request[field];
    const held = transfer[field];
    if (wanted !== undefined && held !== undefined && wanted !== held) return 'different';
  }
  return unclear ? 'unclear' : 'same';
}

/** True only when the existing transfer is certainly this request. */
export function transferMatchesRequest(
  transfer: Transfer,
  request: SubmitWithdrawalRequest,
): boolean {
  return compareTransferToRequest(transfer, request) === 'same';
}

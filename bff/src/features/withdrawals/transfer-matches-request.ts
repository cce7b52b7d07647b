import { isSameDecimal } from '#contract/decimal';
import { canonicalAddress } from '#contract/networks/canonical-address';
import type { SubmitWithdrawalRequest, Transfer } from '#contract/withdrawals';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the service may have normalised in an identifier it echoes: surrounding whitespace, and
 * the case of a UUID (UUIDs are case-insensitive; other ids are compared exactly).
 */
function sameId(a: string, b: string): boolean {
  const x = a.trim();
  const y = b.trim();
  return UUID.test(x) && UUID.test(y) ? x.toLowerCase() === y.toLowerCase() : x === y;
}

function sameText(a: string, b: string): boolean {
  return a.trim() === b.trim();
}

function sameDecimal(a: string, b: string): boolean {
  try {
    return isSameDecimal(a.trim(), b.trim());
  } catch {
    // Not a decimal string on one side: not the same amount.
    return false;
  }
}

/** The fields of a request the transfer must echo, and how each is compared. */
type Comparison = {
  field: keyof SubmitWithdrawalRequest & keyof Transfer;
  same: (a: string, b: string) => boolean;
};

interface TransferComparison {
  /**
   * - "same": every core field is present and equal (optional ones compared when both carry them);
   * - "different": a field both sides carry differs (named in `differences`);
   * - "unclear": core fields are missing, so the record cannot say.
   */
  verdict: 'same' | 'different' | 'unclear';
  /** The request fields whose value the transfer does not match. */
  differences: string[];
}

/**
 * Compares the transfer the upstream holds (409 meta.existing, or a 200's body) with the request
 * that should have created it. Addresses are compared by the network's canonical form
 * (canonicalAddress), amounts as decimals, ids after trimming (UUIDs in any case).
 */
export function compareTransfer(
  transfer: Transfer,
  request: SubmitWithdrawalRequest,
): TransferComparison {
  const network = request.crypto_network;
  const sameAddress = (a: string, b: string) =>
    canonicalAddress(network, a) === canonicalAddress(network, b);
  const core: Comparison[] = [
    { field: 'ref_id', same: sameId },
    { field: 'profile_id', same: sameId },
    { field: 'crypto_network', same: sameText },
    { field: 'asset', same: sameText },
    { field: 'destination_address', same: sameAddress },
    // "amount" is what arrives and "total" what is debited; the request fixed exactly one of them.
    { field: 'amount', same: sameDecimal },
    { field: 'total', same: sameDecimal },
  ];
  const optional: Comparison[] = [
    { field: 'identity_id', same: sameId },
    { field: 'account_id', same: sameId },
    { field: 'memo', same: sameText },
    { field: 'balance_asset', same: sameText },
  ];
  let unclear = false;
  const differences: string[] = [];
  for (const { field, same } of core) {
    const wanted = request[field];
    const held = transfer[field];
    if (typeof wanted !== 'string') continue;
    if (typeof held !== 'string') unclear = true;
    else if (!same(held, wanted)) differences.push(field);
  }
  for (const { field, same } of optional) {
    const wanted = request[field];
    const held = transfer[field];
    if (typeof wanted === 'string' && typeof held === 'string' && !same(held, wanted))
      differences.push(field);
  }
  if (differences.length > 0) return { verdict: 'different', differences };
  return { verdict: unclear ? 'unclear' : 'same', differences };
}

/**
 * The verdict alone. The ledger already ties this ref_id to this request, so the caller treats
 * anything but "same" as unknown (check again), never as "use a new ref_id", which could send
 * the money twice.
 */
export function compareTransferToRequest(
  transfer: Transfer,
  request: SubmitWithdrawalRequest,
): 'same' | 'different' | 'unclear' {
  return compareTransfer(transfer, request).verdict;
}

/** True only when the existing transfer is certainly this request. */
export function transferMatchesRequest(
  transfer: Transfer,
  request: SubmitWithdrawalRequest,
): boolean {
  return compareTransferToRequest(transfer, request) === 'same';
}

import { compareDecimal, isDecimalString } from './decimal';
import type { FeeQuote } from './fee-quotes';
import { canonicalAddress } from './networks/canonical-address';

/** What of a withdrawal a fee quote answers for. */
export interface QuotedWithdrawal {
  asset: string;
  crypto_network: string;
  destination_address: string;
  amount?: string | undefined;
  total?: string | undefined;
}

type FeeQuoteMismatch =
  | 'asset'
  | 'crypto_network'
  | 'destination_address'
  | 'amount'
  | 'total'
  /** An estimate for a total (feeEstimateMismatches): the quote names another total. */
  | 'other_total';

/**
 * The published rule of a guaranteed fee: the withdrawal that names a quote (`fee_id`) gives an
 * `amount` no larger than the quote's `amount`; a `total` with a `fee_id` is refused.
 */
export const GUARANTEED_FEE_NEEDS_AMOUNT =
  'A guaranteed fee (fee_id) holds for an amount, not a total: give amount (send exactly), or leave out fee_id';

/**
 * Where a fee quote does not fit the withdrawal that would use it, as a transfer is compared with
 * its request (bff transfer-matches-request.ts): the asset and network exactly, the destination
 * by the network's canonical form, and the published amount rule (the withdrawal's amount at
 * most the quote's; never a total). A quote that leaves out its asset, network or destination is
 * not compared there (a tolerant read); one without an amount guarantees no amount. Empty: the
 * quote fits. The one home of the rule: the SPA before showing a quote, the BFF before sending a
 * fee_id it handed out, the local upstream when a withdrawal names its quote.
 */
export function feeQuoteMismatches(
  quote: Pick<FeeQuote, 'asset' | 'crypto_network' | 'destination_address' | 'amount'>,
  withdrawal: QuotedWithdrawal,
): FeeQuoteMismatch[] {
  const out: FeeQuoteMismatch[] = [];
  if (quote.asset !== undefined && quote.asset !== withdrawal.asset) out.push('asset');
  if (quote.crypto_network !== undefined && quote.crypto_network !== withdrawal.crypto_network)
    out.push('crypto_network');
  if (
    quote.destination_address !== undefined &&
    canonicalAddress(withdrawal.crypto_network, quote.destination_address) !==
      canonicalAddress(withdrawal.crypto_network, withdrawal.destination_address)
  )
    out.push('destination_address');
  if (withdrawal.total !== undefined) out.push('total');
  else if (withdrawal.amount !== undefined && !amountWithin(withdrawal.amount, quote.amount))
    out.push('amount');
  return out;
}

function amountWithin(amount: string, quoted: string | undefined): boolean {
  if (quoted === undefined || !isDecimalString(quoted) || !isDecimalString(amount)) return false;
  return compareDecimal(amount, quoted) <= 0;
}

/**
 * Where a quote shown only as an estimate (a batch's review: its id is never sent as a `fee_id`)
 * does not fit its row. A row with an `amount` is held to feeQuoteMismatches whole; a row with a
 * `total` is compared by asset, network and destination, and with the quote's own `total` when
 * the quote gives one (equal as decimals): the "amount, never a total" rule is about sending a
 * guaranteed fee, which an estimate never is.
 */
export function feeEstimateMismatches(
  quote: Pick<FeeQuote, 'asset' | 'crypto_network' | 'destination_address' | 'amount' | 'total'>,
  withdrawal: QuotedWithdrawal,
): FeeQuoteMismatch[] {
  if (withdrawal.total === undefined) return feeQuoteMismatches(quote, withdrawal);
  const out = feeQuoteMismatches(quote, { ...withdrawal, amount: undefined, total: undefined });
  const total = withdrawal.total;
  if (
    quote.total !== undefined &&
    !(
      isDecimalString(quote.total) &&
      isDecimalString(total) &&
      compareDecimal(quote.total, total) === 0
    )
  )
    out.push('other_total');
  return out;
}

/** The mismatched fields in words, for a problem's detail and the SPA's notice. */
export function feeQuoteMismatchText(mismatches: readonly FeeQuoteMismatch[]): string {
  const words: Record<FeeQuoteMismatch, string> = {
    asset: 'another asset',
    crypto_network: 'another network',
    destination_address: 'another destination',
    amount: 'a smaller amount than this withdrawal’s',
    total: 'an amount, not a total',
    other_total: 'another total',
  };
  return `The fee quote was given for ${mismatches.map((m) => words[m]).join(', ')}`;
}

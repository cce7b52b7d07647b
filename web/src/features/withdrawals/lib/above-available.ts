import { compareDecimal } from '#contract/decimal';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { formatDecimalForDisplay } from '#web/lib/decimal';
import { formatUtcTime } from '#web/lib/date-format';

/** The balance the form last read for the chosen profile and asset. */
export interface AvailableBalance {
  asset: string;
  available: string;
  read_at: string;
}

/**
 * Says, with the figures, when a withdrawal asks more than the profile has available: the amount
 * sent (its fee comes on top) or the total debited. Undefined when it fits or nothing is known.
 */
export function aboveAvailable(
  body: Pick<CreateCryptoWithdrawalRequest, 'asset' | 'amount' | 'total'>,
  balance: AvailableBalance | undefined,
): string | undefined {
  const asked = body.total ?? body.amount;
  if (!balance || asked === undefined || balance.asset !== body.asset) return undefined;
  if (compareDecimal(asked, balance.available) <= 0) return undefined;
  const at = formatUtcTime(balance.read_at) ?? balance.read_at;
  return (
    `More than is available: ${formatDecimalForDisplay(asked)} ${body.asset} asked, ` +
    `${formatDecimalForDisplay(balance.available)} ${body.asset} available (balance read at ${at}). ` +
    'Read the balance again if it has changed.'
  );
}

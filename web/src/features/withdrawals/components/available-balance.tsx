import type { UseQueryResult } from '@tanstack/react-query';
import type { ProfileBalancesResponse } from '#contract/profiles';
import { Button } from '#web/components/ui/button';
import { DecimalText } from '#web/components/ui/decimal-text';
import { Notice } from '#web/components/ui/notice';
import { formatUtcTime } from '#web/lib/date-format';
import type { ReadBalance } from '../lib/use-operator-context';

interface AvailableBalanceProps {
  balances: UseQueryResult<ProfileBalancesResponse>;
  balance: ReadBalance | undefined;
  asset: string;
  /** Debit exactly the available balance (the fee taken out of it); absent: no Max offered. */
  onMax?: (() => void) | undefined;
}

/**
 * What the profile has available of the asset and when that was read, with Max and "Read again":
 * a balance read earlier may be stale, and a re-read (never a refusal) settles it.
 */
export function AvailableBalance({ balances, balance, asset, onMax }: AvailableBalanceProps) {
  if (!balances.isSuccess || asset === '') return null;
  const readAgain = <ReadBalanceAgain balances={balances} />;
  if (!balance)
    return (
      <p className="small available-balance">
        <span>This profile holds no {asset}.</span> {readAgain}
      </p>
    );
  return (
    <p className="small available-balance">
      <span>
        Available: <DecimalText value={balance.available} asset={balance.asset} />
      </span>{' '}
      <span className="muted">
        (balance read at {formatUtcTime(balance.read_at) ?? balance.read_at})
      </span>{' '}
      {onMax && (
        <Button
          size="small"
          onClick={onMax}
          aria-label={`Max: debit all ${balance.asset} available`}
        >
          Max
        </Button>
      )}
      {readAgain}
    </p>
  );
}

/**
 * Why neither Review (form) nor Submit (review) is offered: the profile holds none of the asset,
 * and the service refuses what the profile cannot pay (issue 42 item 12: it said so, then let it
 * be reviewed and submitted to a 403). The way forward: another asset or profile, or funds.
 */
export function HoldsNoneNotice({ asset, at }: { asset: string; at: 'form' | 'review' }) {
  return (
    <Notice tone="warning" title={`This profile holds no ${asset}`}>
      The service refuses a withdrawal the profile cannot pay, so this one is not{' '}
      {at === 'form' ? 'reviewed' : 'submitted'}.{' '}
      {at === 'form'
        ? 'Choose another asset or profile'
        : 'Go back to edit to choose another asset or profile'}
      , or fund this profile and read its balance again.
    </Notice>
  );
}

/** Reads the profile's balances again: a stale balance is settled by a re-read, never refused. */
export function ReadBalanceAgain({ balances }: Pick<AvailableBalanceProps, 'balances'>) {
  return (
    <Button
      size="small"
      variant="ghost"
      busy={balances.isFetching}
      onClick={() => void balances.refetch()}
    >
      Read again
    </Button>
  );
}

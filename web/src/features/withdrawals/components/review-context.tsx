import { useQuery } from '@tanstack/react-query';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { Card } from '#web/components/ui/card';
import { DecimalText } from '#web/components/ui/decimal-text';
import { Notice } from '#web/components/ui/notice';
import { formatUtcTime } from '#web/lib/date-format';
import { useMe } from '#web/lib/session';
import { UsdValueText } from '#web/shared/usd-value/usd-value-text';
import { profilesQuery } from '../api/operator-context-api';
import { aboveAvailable } from '../lib/above-available';
import { useOperatorContext } from '../lib/use-operator-context';
import { ReadBalanceAgain } from './available-balance';
import { WithdrawalLimitNote } from './withdrawal-limit-note';

/**
 * On the review, beside what will be sent: the profile by name, its USD value, the balance and
 * when it was read (with "Read again": a stale balance never blocks, it only warns), and the
 * withdrawal limits left.
 */
export function ReviewContext({ body }: { body: CreateCryptoWithdrawalRequest }) {
  const { features } = useMe();
  const context = useOperatorContext(body.profile_id, body.asset);
  const profiles = useQuery({ ...profilesQuery(), enabled: features.profiles.enabled });
  const profile = profiles.data?.find((p) => p.id === body.profile_id);
  const quantity = body.total ?? body.amount ?? '';
  return (
    <Card title="Before you send" aria-label="Before you send">
      <dl className="detail-list review-list">
        {profile && (
          <>
            <dt>Profile</dt>
            <dd>
              <strong>{profile.nickname}</strong>{' '}
              <span className="muted small mono">{profile.id}</span>
            </dd>
          </>
        )}
        <dt>USD value</dt>
        <dd>
          <UsdValueText asset={body.asset} quantity={quantity} />
        </dd>
        {features.profiles.enabled && <BalanceRow body={body} context={context} />}
        {features.transfer_limits.enabled && (
          <>
            <dt>Withdrawal limit left</dt>
            <dd>
              <WithdrawalLimitNote
                limits={context.limits}
                asset={body.asset}
                quantity={quantity}
                unlabelled
              />
              {context.limits.isError && (
                <span className="muted">The limits could not be read.</span>
              )}
            </dd>
          </>
        )}
      </dl>
    </Card>
  );
}

/** What is available, when it was read, a re-read, and a warning (never a block) when short. */
function BalanceRow({
  body,
  context,
}: {
  body: CreateCryptoWithdrawalRequest;
  context: ReturnType<typeof useOperatorContext>;
}) {
  const { balances, balance } = context;
  const above = aboveAvailable(body, balance);
  return (
    <>
      <dt>Available</dt>
      <dd>
        {balances.isSuccess ? (
          <>
            {balance ? (
              <DecimalText value={balance.available} asset={body.asset} />
            ) : (
              <span>None of {body.asset} in this profile</span>
            )}{' '}
            <span className="muted small">
              Balance read at {formatUtcTime(balances.data.read_at) ?? balances.data.read_at}
            </span>{' '}
          </>
        ) : (
          <span className="muted">
            {balances.isError ? 'The balance could not be read. ' : 'Reading the balance… '}
          </span>
        )}
        <ReadBalanceAgain balances={balances} />
        {above && (
          <Notice tone="warning">
            {above} The service decides on sending: it refuses what the profile cannot pay.
          </Notice>
        )}
      </dd>
    </>
  );
}

import { CRYPTO_NETWORK_LABELS } from '#contract/crypto-network';
import type { RollingLimit } from '#contract/approval-policy';
import { durationWords, rollingLimitWords } from '#contract/approval-policy-words';
import type { RollingLimitUsage, WindowUse } from '#contract/policy-usage';
import { AddressGroups } from '#web/shared/destinations/address-groups';
import { compareDecimal, formatAmount, subtractDecimal } from '#web/lib/decimal';

const NETWORK_LABELS: Readonly<Record<string, string | undefined>> = CRYPTO_NETWORK_LABELS;

const amount = (value: string, unit: string, places?: number) =>
  `${formatAmount(value, places)} ${unit}`;

/** "2,500.00 of 100,000 USD used; 97,500.00 USD left before a withdrawal waits", or why not. */
function windowUseWords(use: WindowUse, usage: RollingLimitUsage, approvals: number): string {
  if (use.used === undefined)
    return `Cannot be valued (no USD price for ${use.unpriced.join(', ')}): every withdrawal under it waits.`;
  const places = usage.unit === 'USD' ? 2 : undefined;
  const of = `${formatAmount(use.used, places)} of ${amount(usage.above, usage.unit)} used`;
  const left = subtractDecimal(usage.above, use.used);
  const waits = `${approvals} approval${approvals === 1 ? '' : 's'}`;
  if (left === undefined || compareDecimal(left, '0') !== 1)
    return `${of}: at the limit, the next withdrawal waits for ${waits}.`;
  return `${of}; ${amount(left, usage.unit, places)} left before a withdrawal waits for ${waits}.`;
}

const WHOSE: Record<RollingLimitUsage['per'], string> = {
  initiator: 'By you',
  console: 'By everyone',
  destination: 'Per destination',
};

/** One rolling limit: its rule, and what its window holds now. */
export function RollingLimitUse({
  limit,
  usage,
}: {
  limit: RollingLimit;
  usage: RollingLimitUsage | undefined;
}) {
  const within = `in the last ${durationWords(limit.window_minutes)}`;
  return (
    <li className="policy-limit">
      <p>{rollingLimitWords(limit)}</p>
      {!usage ? (
        <p className="muted">What its window holds is not kept here.</p>
      ) : usage.window ? (
        <p>
          <strong>
            {WHOSE[usage.per]} {within}:
          </strong>{' '}
          {windowUseWords(usage.window, usage, limit.approvals)}
        </p>
      ) : usage.destinations && usage.destinations.length > 0 ? (
        <>
          <p>
            <strong>Destinations used {within}</strong> (most used first):
          </p>
          <ul className="policy-limit__destinations">
            {usage.destinations.map((destination) => (
              <li key={`${destination.crypto_network}:${destination.address}`}>
                <span className="muted">
                  {NETWORK_LABELS[destination.crypto_network] ?? destination.crypto_network}
                </span>{' '}
                <AddressGroups address={destination.address} />
                <br />
                {windowUseWords(destination, usage, limit.approvals)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          <strong>{WHOSE[usage.per]}:</strong> nothing sent or held {within}.
        </p>
      )}
    </li>
  );
}

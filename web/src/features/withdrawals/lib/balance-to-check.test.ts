import { describe, expect, it } from 'vitest';
import { aboveAvailable } from './above-available';
import { balanceToCheck } from './use-operator-context';

// Issue 42 item 12: a profile holding none of the asset ("This profile holds no LTC") still let
// the withdrawal be reviewed and submitted, to the service's 403 Insufficient Funds.
describe('balanceToCheck', () => {
  const read = {
    items: [{ asset: 'USDG', available: '100', trading: '0' }],
    read_at: '2026-11-29T01:00:00.000Z',
  };

  it('checks an asset the profile holds none of against nothing available', () => {
    const balance = balanceToCheck(read, 'LTC');
    expect(balance).toMatchObject({ asset: 'LTC', available: '0' });
    expect(aboveAvailable({ asset: 'LTC', amount: '1' }, balance)).toMatch(
      /^More than is available: 1 LTC asked, 0 LTC available/,
    );
  });

  it('uses the asset held, and says nothing when the balances were not read', () => {
    expect(balanceToCheck(read, 'USDG')).toMatchObject({ available: '100' });
    expect(balanceToCheck(undefined, 'LTC')).toBeUndefined();
  });
});

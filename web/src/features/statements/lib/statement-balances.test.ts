import { describe, expect, it } from 'vitest';
import { balanceLines, padFraction } from './statement-balances';

describe('balanceLines', () => {
  it('computes outstanding = owed − paid exactly, in decimal arithmetic', () => {
    expect(
      balanceLines([
        { asset: 'USDG', total_amount_owed: '0.3', amount_paid: '0.1' },
        {
          asset: 'PYUSD',
          total_amount_owed: '1234567890123456789.000001',
          amount_paid: '0.000001',
        },
        { asset: 'USDC', total_amount_owed: '10', amount_paid: '10.00' },
      ]),
    ).toEqual([
      { asset: 'USDG', owed: '0.3', paid: '0.1', outstanding: '0.2', due: true },
      {
        asset: 'PYUSD',
        owed: '1234567890123456789.000001',
        paid: '0.000001',
        outstanding: '1234567890123456789.000000',
        due: true,
      },
      { asset: 'USDC', owed: '10', paid: '10.00', outstanding: '0.00', due: false },
    ]);
  });

  it('shows an overpayment as negative, not due', () => {
    const [line] = balanceLines([{ asset: 'USDG', total_amount_owed: '5', amount_paid: '7.5' }]);
    expect(line).toMatchObject({ outstanding: '-2.5', due: false });
  });

  it('does not guess when an amount is not a decimal', () => {
    const [line] = balanceLines([{ asset: 'USDG', total_amount_owed: 'n/a', amount_paid: '1' }]);
    expect(line).toMatchObject({ outstanding: undefined, due: false });
    expect(balanceLines(undefined)).toEqual([]);
  });
});

describe('padFraction', () => {
  it('pads to the scale asked, never removes digits', () => {
    expect(padFraction('0', 2)).toBe('0.00');
    expect(padFraction('-2.5', 2)).toBe('-2.50');
    expect(padFraction('1.234', 2)).toBe('1.234');
  });
});

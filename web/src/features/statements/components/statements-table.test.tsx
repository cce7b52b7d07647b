import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Statement } from '#contract/statements';
import { StatementsTable } from './statements-table';

// Issue 13, item 6: statement corrections (v1 and v2 of one statement group) were listed side by
// side with nothing saying which one stands.

const CUSTOMER = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';

const statement = (id: string, group: string, version: number, month: string): Statement => ({
  id,
  customer_id: CUSTOMER,
  statement_group_id: group,
  version,
  status: 'STATEMENT_STATUS_GENERATED',
  metadata: { total_amount: '10.50' },
  period_start: `2026-${month}-01T00:00:00.000Z`,
  period_end: `2026-${month}-28T23:59:59.999Z`,
});

afterEach(cleanup);

const renderTable = (statements: Statement[]) =>
  render(
    <MemoryRouter>
      <StatementsTable caption="Statements" customerId={CUSTOMER} statements={statements} />
    </MemoryRouter>,
  );

const rowOfPeriod = (month: string) =>
  screen.getAllByRole('row').filter((row) => row.textContent?.includes(`2026-${month}-01 to`));

describe('StatementsTable', () => {
  it('marks the versions a correction replaced, and leaves the standing one and others alone', () => {
    renderTable([
      statement('march-v1', 'g-march', 1, '03'),
      statement('march-v3', 'g-march', 3, '03'),
      statement('march-v2', 'g-march', 2, '03'),
      statement('april-v1', 'g-april', 1, '04'),
    ]);
    const march = rowOfPeriod('03');
    expect(march).toHaveLength(3);
    const flags = march.map((row) => /Superseded by v\d+/.exec(row.textContent ?? '')?.[0]);
    // Row order is the service's: v1, v3, v2. Both older versions point at v3.
    expect(flags).toEqual(['Superseded by v3', undefined, 'Superseded by v3']);
    expect(march[1]!.textContent).toContain('v3');
    const [april] = rowOfPeriod('04');
    expect(april!.textContent).not.toContain('Superseded');
  });

  // Issue 26, item 12: totals read "7,343" and "5,192.9" beside balances of "7,343.00".
  it("shows every total with its assets' usual places, padded, never rounded, exact on hover", () => {
    const withTotal = (id: string, month: string, total: string, owed: string): Statement => ({
      ...statement(id, `g-${id}`, 1, month),
      metadata: { total_amount: total },
      statement_balances: [
        { asset: 'USDG', total_amount_owed: owed, amount_paid: owed },
        { asset: 'PYUSD', total_amount_owed: '0.00', amount_paid: '0.00' },
      ],
    });
    renderTable([
      withTotal('a', '01', '7343', '7343.00'),
      withTotal('b', '02', '5192.9', '5192.90'),
      withTotal('c', '03', '12.345678', '12.345678'),
    ]);
    const total = (month: string) =>
      rowOfPeriod(month)[0]!.querySelector('td:nth-child(4) .mono') as HTMLElement;
    expect(total('01').textContent).toBe('7,343.00');
    expect(total('01').title).toBe('7343');
    expect(total('02').textContent).toBe('5,192.90');
    // More digits than the usual places: every one is kept.
    expect(total('03').textContent).toBe('12.345678');
    expect(rowOfPeriod('01')[0]!.textContent).toContain('7,343.00');
  });
});

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

const rowOfPeriod = (month: string) =>
  screen.getAllByRole('row').filter((row) => row.textContent?.includes(`2026-${month}-01 to`));

describe('StatementsTable', () => {
  it('marks the versions a correction replaced, and leaves the standing one and others alone', () => {
    render(
      <MemoryRouter>
        <StatementsTable
          caption="Statements"
          customerId={CUSTOMER}
          statements={[
            statement('march-v1', 'g-march', 1, '03'),
            statement('march-v3', 'g-march', 3, '03'),
            statement('march-v2', 'g-march', 2, '03'),
            statement('april-v1', 'g-april', 1, '04'),
          ]}
        />
      </MemoryRouter>,
    );
    const march = rowOfPeriod('03');
    expect(march).toHaveLength(3);
    const flags = march.map((row) => /Superseded by v\d+/.exec(row.textContent ?? '')?.[0]);
    // Row order is the service's: v1, v3, v2. Both older versions point at v3.
    expect(flags).toEqual(['Superseded by v3', undefined, 'Superseded by v3']);
    expect(march[1]!.textContent).toContain('v3');
    const [april] = rowOfPeriod('04');
    expect(april!.textContent).not.toContain('Superseded');
  });
});

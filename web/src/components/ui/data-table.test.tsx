import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, FIRST_PASS_ROWS, type DataTableColumn } from './data-table';

interface Item {
  id: string;
  amount: string;
}

const columns: DataTableColumn<Item>[] = [
  { key: 'id', header: 'Id', cell: (item) => item.id },
  { key: 'amount', header: 'Amount', className: 'num', cell: (item) => item.amount },
];

const items = (count: number, prefix = 'row') =>
  Array.from({ length: count }, (_, index) => ({ id: `${prefix}-${index}`, amount: `${index}.5` }));

function Table({ rows }: { rows: Item[] }) {
  return <DataTable caption="Items" columns={columns} rows={rows} rowKey={(item) => item.id} />;
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

afterEach(cleanup);

describe('DataTable', () => {
  it('draws a short table at once', () => {
    render(<Table rows={items(FIRST_PASS_ROWS)} />);
    expect(bodyRows()).toHaveLength(FIRST_PASS_ROWS);
  });

  it('draws a long table in two passes: the first screenful, then every row', async () => {
    render(<Table rows={items(1000)} />);
    // The first pass: the first rows, in order.
    const first = bodyRows();
    expect(first).toHaveLength(FIRST_PASS_ROWS);
    expect(first[0]!.textContent).toContain('row-0');
    // Then the rest, without anything else happening.
    await screen.findByText('row-999');
    expect(bodyRows()).toHaveLength(1000);
  });

  it('never takes rows away once drawn: new data of the same length is drawn whole', async () => {
    const { rerender } = render(<Table rows={items(1000)} />);
    await screen.findByText('row-999');
    rerender(<Table rows={items(1000, 'next')} />);
    expect(bodyRows()).toHaveLength(1000);
    screen.getByText('next-999');
  });
});

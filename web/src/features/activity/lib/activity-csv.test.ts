import { describe, expect, it, vi } from 'vitest';
import { ListActivityResponseSchema, type ListActivityQuery } from '#contract/activity';
import { activityCsv, collectAllActivity } from './activity-csv';

const page = (ids: string[], next_cursor: string) =>
  ListActivityResponseSchema.parse({
    next_cursor,
    items: ids.map((id) => ({
      origin: 'elsewhere',
      transfer: { id, status: 'SOMETHING_NEW', type: 'NEW_KIND', amount: '0.000000000000000001' },
    })),
  });

describe('collectAllActivity', () => {
  it('walks next_cursor until it is empty, keeping the filters', async () => {
    const fetchPage = vi.fn(async (query: ListActivityQuery) =>
      query.cursor === undefined
        ? page(['a', 'b'], 'c1')
        : query.cursor === 'c1'
          ? page(['c'], 'c2')
          : page(['d'], ''),
    );
    const items = await collectAllActivity({ status: ['PENDING'] }, fetchPage);
    expect(items.map((i) => i.transfer.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(fetchPage.mock.calls.map(([q]) => q)).toEqual([
      { status: ['PENDING'], cursor: undefined },
      { status: ['PENDING'], cursor: 'c1' },
      { status: ['PENDING'], cursor: 'c2' },
    ]);
  });
});

describe('activityCsv', () => {
  it('writes money as its decimal string and unknown values as they came', () => {
    const csv = activityCsv(page(['a'], '').items);
    const [header, row] = csv.split('\r\n');
    expect(header).toContain('amount');
    expect(row).toContain('0.000000000000000001');
    expect(row).toContain('NEW_KIND');
    expect(row).toContain('SOMETHING_NEW');
    expect(row).toContain('elsewhere');
  });
});

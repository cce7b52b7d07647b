import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTIONS } from '#contract/audit';
import { EMPTY_AUDIT_FILTERS } from '../lib/audit-url-state';
import { AuditFiltersForm } from './audit-filters';

// Issue 13, item 10: "Clear filters" reset the form but not the table. Clearing applies the empty
// filters (the page puts them in the URL, which is what the table reads), not only the form's draft.

afterEach(cleanup);

describe('AuditFiltersForm', () => {
  it('names every action in words, the batch actions included (issue 42, item 12)', () => {
    render(<AuditFiltersForm filters={EMPTY_AUDIT_FILTERS} filtersKey="" onApply={vi.fn()} />);
    const action = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Action' });
    const labels = [...action.options].filter((o) => o.value !== '').map((o) => o.textContent);
    expect(labels).toHaveLength(AUDIT_ACTIONS.length);
    for (const key of AUDIT_ACTIONS)
      expect(labels.find((label) => label?.endsWith(`(${key})`))).not.toBe(`${key} (${key})`);
    expect(labels).toContain('Batch file uploaded (withdrawal_batch.upload)');
  });

  it('"Clear filters" empties the fields and applies no filters', () => {
    const onApply = vi.fn();
    render(
      <AuditFiltersForm
        filters={{
          operator: 'alice@example.com',
          action: 'address.put',
          from: '2026-11-01T00:00:00.000Z',
          to: '',
        }}
        filtersKey="operator=alice@example.com&action=address.put&from=2026-11-01T00:00:00.000Z"
        onApply={onApply}
      />,
    );
    const operator = screen.getByLabelText('Operator') as HTMLInputElement;
    expect(operator.value).toBe('alice@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledWith(EMPTY_AUDIT_FILTERS);
    expect(operator.value).toBe('');
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CsvExportStatus } from './csv-export-status';

afterEach(cleanup);

const noop = vi.fn();
type ExportState = Parameters<typeof CsvExportStatus>[0]['state'];

/** The status line for `state`, its buttons doing nothing. */
const renderStatus = (state: ExportState) =>
  render(<CsvExportStatus state={state} onCancel={noop} onDismiss={noop} />);

/** A finished export: `status: 'done'` and what it holds. */
const done = (fields: Omit<ExportState & { status: 'done' }, 'status'>): ExportState => ({
  status: 'done',
  ...fields,
});

describe('CsvExportStatus', () => {
  it('shows rows so far while running, with a way to cancel', () => {
    renderStatus({ status: 'running', rows: 1234 });
    expect(screen.getByRole('status').textContent).toBe('Exporting CSV: 1,234 rows so far');
    screen.getByRole('button', { name: 'Cancel export' });
  });

  it('says complete with the count and offers the file', () => {
    renderStatus(
      done({
        outcome: { kind: 'complete', rows: 36, serverRows: 36 },
        href: 'blob:x',
        fileName: 'statements.csv',
      }),
    );
    screen.getByText('Export complete: 36 rows');
    expect(screen.getByRole('link', { name: 'Save statements.csv' }).getAttribute('href')).toBe(
      'blob:x',
    );
  });

  it('says partial with the reason, and flags a count that disagrees', () => {
    renderStatus(
      done({
        outcome: {
          kind: 'partial',
          rows: 499,
          serverRows: 500,
          reason: 'the upstream answered 503',
        },
        href: 'blob:y',
        fileName: 's.csv',
      }),
    );
    screen.getByText('Export partial: 499 rows, because the upstream answered 503');
    screen.getByText(/The server counted 500 rows, this file holds 499 rows/);
  });

  it('warns when the stream ended without its completion line', () => {
    renderStatus(
      done({
        outcome: { kind: 'unterminated', rows: 1 },
        href: 'blob:z',
        fileName: 's.csv',
      }),
    );
    screen.getByText('Export incomplete: 1 row');
    screen.getByText(/may be cut short/);
  });
});

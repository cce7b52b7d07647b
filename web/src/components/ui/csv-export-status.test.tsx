import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CsvExportStatus } from './csv-export-status';

afterEach(cleanup);

const noop = vi.fn();
const done = (outcome: Parameters<typeof CsvExportStatus>[0]['state'] & { status: 'done' }) =>
  outcome;

describe('CsvExportStatus', () => {
  it('shows rows so far while running, with a way to cancel', () => {
    render(
      <CsvExportStatus
        state={{ status: 'running', rows: 1234 }}
        onCancel={noop}
        onDismiss={noop}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Exporting CSV: 1,234 rows so far');
    screen.getByRole('button', { name: 'Cancel export' });
  });

  it('says complete with the count and offers the file', () => {
    render(
      <CsvExportStatus
        state={done({
          status: 'done',
          outcome: { kind: 'complete', rows: 36, serverRows: 36 },
          href: 'blob:x',
          fileName: 'statements.csv',
        })}
        onCancel={noop}
        onDismiss={noop}
      />,
    );
    screen.getByText('Export complete: 36 rows');
    expect(screen.getByRole('link', { name: 'Save statements.csv' }).getAttribute('href')).toBe(
      'blob:x',
    );
  });

  it('says partial with the reason, and flags a count that disagrees', () => {
    render(
      <CsvExportStatus
        state={done({
          status: 'done',
          outcome: {
            kind: 'partial',
            rows: 499,
            serverRows: 500,
            reason: 'the upstream answered 503',
          },
          href: 'blob:y',
          fileName: 's.csv',
        })}
        onCancel={noop}
        onDismiss={noop}
      />,
    );
    screen.getByText('Export partial: 499 rows, because the upstream answered 503');
    screen.getByText(/The server counted 500 rows, this file holds 499 rows/);
  });

  it('warns when the stream ended without its completion line', () => {
    render(
      <CsvExportStatus
        state={done({
          status: 'done',
          outcome: { kind: 'unterminated', rows: 1 },
          href: 'blob:z',
          fileName: 's.csv',
        })}
        onCancel={noop}
        onDismiss={noop}
      />,
    );
    screen.getByText('Export incomplete: 1 row');
    screen.getByText(/may be cut short/);
  });
});

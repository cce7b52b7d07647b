import type { CsvExportState } from '#web/lib/use-csv-export';
import { isApiError } from '#web/lib/api-error';
import { Button, buttonClassName } from './button';
import { Notice } from './notice';

const n = (rows: number) => rows.toLocaleString('en-US');
const rowsWord = (rows: number) => `${n(rows)} ${rows === 1 ? 'row' : 'rows'}`;

interface CsvExportStatusProps {
  state: CsvExportState;
  onCancel: () => void;
  onDismiss: () => void;
}

/**
 * Where a CSV export stands: rows received so far, then "complete: N rows" or "partial: N rows,
 * because …", with the file to save. The running line is a live region so progress is announced.
 */
export function CsvExportStatus({ state, onCancel, onDismiss }: CsvExportStatusProps) {
  if (state.status === 'idle') return null;
  if (state.status === 'running') {
    return (
      <div className="row progress-line">
        <span className="button__spinner" aria-hidden="true" />
        <span role="status">Exporting CSV: {rowsWord(state.rows)} so far</span>
        <Button size="small" onClick={onCancel}>
          Cancel export
        </Button>
      </div>
    );
  }
  if (state.status === 'cancelled') {
    return (
      <Notice tone="warning" role="status" title="Export cancelled">
        <div className="row row--between">
          <span>Stopped after {rowsWord(state.rows)}; no file was saved.</span>
          <Button size="small" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      </Notice>
    );
  }
  if (state.status === 'failed') {
    const detail = isApiError(state.error)
      ? `${state.error.problem.title}: ${state.error.problem.detail ?? ''}`
      : state.error instanceof Error
        ? state.error.message
        : 'The export stopped.';
    return (
      <Notice tone="danger" role="alert" title="Export failed">
        <div className="row row--between">
          <span>
            {detail} ({rowsWord(state.rows)} received; no file was saved.)
          </span>
          <Button size="small" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      </Notice>
    );
  }
  const { outcome, href, fileName } = state;
  const mismatch =
    outcome.kind !== 'unterminated' && outcome.serverRows !== outcome.rows
      ? ` The server counted ${rowsWord(outcome.serverRows)}, this file holds ${rowsWord(outcome.rows)}.`
      : '';
  const tone = outcome.kind === 'complete' && !mismatch ? 'success' : 'warning';
  const title =
    outcome.kind === 'complete'
      ? `Export complete: ${rowsWord(outcome.rows)}`
      : outcome.kind === 'partial'
        ? `Export partial: ${rowsWord(outcome.rows)}, because ${outcome.reason}`
        : `Export incomplete: ${rowsWord(outcome.rows)}`;
  return (
    <Notice tone={tone} role="status" title={title}>
      <div className="row row--between">
        <span>
          {outcome.kind === 'unterminated'
            ? 'The stream ended without its completion line: the file may be cut short.'
            : outcome.kind === 'partial'
              ? 'The file holds only the rows received before the export stopped.'
              : 'Every matching row is in the file.'}
          {mismatch}
        </span>
        <span className="row">
          <a className={buttonClassName('primary', 'small')} href={href} download={fileName}>
            Save {fileName}
          </a>
          <Button size="small" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        </span>
      </div>
    </Notice>
  );
}

import { STATEMENT_STATUSES, type StatementStatus } from '#contract/statements';
import { CheckboxField } from '#web/components/ui/checkbox-field';
import { statusLabel } from '../lib/statement-labels';

interface StatusFilterProps {
  statuses: StatementStatus[];
  onChange: (statuses: StatementStatus[]) => void;
  error: string | undefined;
}

/** The statuses to show: none checked means every status; checked ones keep the contract's order. */
export function StatusFilter({ statuses, onChange, error }: StatusFilterProps) {
  const toggle = (status: StatementStatus, checked: boolean) =>
    onChange(
      checked
        ? STATEMENT_STATUSES.filter((s) => s === status || statuses.includes(s))
        : statuses.filter((s) => s !== status),
    );
  return (
    <fieldset className="field statements-filters__statuses">
      <legend className="field__label">Statuses</legend>
      <div className="choice-group">
        {STATEMENT_STATUSES.map((status) => (
          <CheckboxField
            key={status}
            label={statusLabel(status)}
            checked={statuses.includes(status)}
            onChange={(event) => toggle(status, event.target.checked)}
          />
        ))}
      </div>
      <span className="field__hint">
        {statuses.length === 0
          ? 'None checked: every status'
          : `Only ${statuses.map(statusLabel).join(', ')}; none checked: every status`}
      </span>
      {error && <span className="field__error">{error}</span>}
    </fieldset>
  );
}

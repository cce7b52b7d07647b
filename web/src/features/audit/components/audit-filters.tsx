import { AUDIT_ACTIONS } from '#contract/audit';
import { Button } from '#web/components/ui/button';
import { SelectField, withChosenOption } from '#web/components/ui/select-field';
import { TextField } from '#web/components/ui/text-field';
import { useUrlDraft } from '#web/lib/use-url-draft';
import {
  EMPTY_AUDIT_FILTERS,
  isoToUtcInput,
  validateAuditDraft,
  type AuditDraft,
  type AuditFilters,
} from '../lib/audit-url-state';
import { actionLabel } from './audit-table';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({
  value: action,
  label: `${actionLabel(action)} (${action})`,
}));

const TIME_FIELDS = [
  { key: 'from', label: 'From (UTC)', hint: 'Inclusive; leave empty for no start' },
  { key: 'to', label: 'To (UTC)', hint: 'Exclusive; leave empty for up to now' },
] as const;

const draftOf = (filters: AuditFilters): AuditDraft => ({
  operator: filters.operator,
  action: filters.action,
  from: isoToUtcInput(filters.from),
  to: isoToUtcInput(filters.to),
});

export function AuditFiltersForm({
  filters,
  filtersKey,
  onApply,
}: {
  filters: AuditFilters;
  /** The filters as they stand in the URL: when it changes (Back, a link), the form shows it. */
  filtersKey: string;
  onApply: (filters: AuditFilters) => void;
}) {
  const { draft, setDraft, errors, setErrors, set, submitWith } = useUrlDraft(
    filters,
    filtersKey,
    draftOf,
  );
  const submit = submitWith(validateAuditDraft, onApply);
  const clear = () => {
    setDraft({ operator: '', action: '', from: '', to: '' });
    setErrors({});
    onApply(EMPTY_AUDIT_FILTERS);
  };
  // A known action that is not in the list (the trail grows) still shows as selected.
  const actionOptions = withChosenOption(ACTION_OPTIONS, draft.action);
  return (
    <form aria-label="Audit filters" onSubmit={submit} noValidate>
      <div className="form-grid">
        <TextField
          label="Operator"
          value={draft.operator}
          onChange={(event) => set('operator', event.target.value)}
          hint="A name, subject or e-mail, or the start of one of its words (any case)"
          error={errors.operator}
          spellCheck={false}
        />
        <SelectField
          label="Action"
          placeholder="Every action"
          options={actionOptions}
          value={draft.action}
          onChange={(event) => set('action', event.target.value)}
          error={errors.action}
        />
        {TIME_FIELDS.map(({ key, label, hint }) => (
          <TextField
            key={key}
            label={label}
            type="datetime-local"
            value={draft[key]}
            onChange={(event) => set(key, event.target.value)}
            hint={hint}
            error={errors[key]}
          />
        ))}
      </div>
      <div className="row row--end audit-filters__actions">
        <Button onClick={clear}>Clear filters</Button>
        <Button type="submit" variant="primary">
          Show events
        </Button>
      </div>
    </form>
  );
}

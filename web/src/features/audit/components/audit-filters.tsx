import { useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS } from '#contract/audit';
import { Button } from '#web/components/ui/button';
import { SelectField } from '#web/components/ui/select-field';
import { TextField } from '#web/components/ui/text-field';
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

const draftOf = (filters: AuditFilters): AuditDraft => ({
  operator: filters.operator,
  action: filters.action,
  from: isoToUtcInput(filters.from),
  to: isoToUtcInput(filters.to),
});

/** The form's draft and its errors, started again from the URL's filters when those change. */
function useAuditDraft(filters: AuditFilters, filtersKey: string) {
  const [draft, setDraft] = useState<AuditDraft>(() => draftOf(filters));
  const [errors, setErrors] = useState<Partial<Record<keyof AuditDraft, string>>>({});
  // Synced during render rather than by remounting, so focus stays on the button pressed.
  const [syncedKey, setSyncedKey] = useState(filtersKey);
  if (syncedKey !== filtersKey) {
    setSyncedKey(filtersKey);
    setDraft(draftOf(filters));
    setErrors({});
  }
  const set = (key: keyof AuditDraft, value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };
  return { draft, setDraft, errors, setErrors, set };
}

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
  const { draft, setDraft, errors, setErrors, set } = useAuditDraft(filters, filtersKey);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateAuditDraft(draft);
    if (!result.ok) {
      setErrors(result.errors);
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    onApply(result.filters);
  };
  const clear = () => {
    setDraft({ operator: '', action: '', from: '', to: '' });
    setErrors({});
    onApply(EMPTY_AUDIT_FILTERS);
  };
  // A known action that is not in the list (the trail grows) still shows as selected.
  const actionOptions =
    draft.action && !ACTION_OPTIONS.some((option) => option.value === draft.action)
      ? [...ACTION_OPTIONS, { value: draft.action, label: draft.action }]
      : ACTION_OPTIONS;
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
        <TextField
          label="From (UTC)"
          type="datetime-local"
          value={draft.from}
          onChange={(event) => set('from', event.target.value)}
          hint="Inclusive; leave empty for no start"
          error={errors.from}
        />
        <TextField
          label="To (UTC)"
          type="datetime-local"
          value={draft.to}
          onChange={(event) => set('to', event.target.value)}
          hint="Exclusive; leave empty for up to now"
          error={errors.to}
        />
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

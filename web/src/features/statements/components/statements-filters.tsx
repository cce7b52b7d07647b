import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { STATEMENT_STATUSES, type StatementStatus } from '#contract/statements';
import { Button } from '#web/components/ui/button';
import { CheckboxField } from '#web/components/ui/checkbox-field';
import { SelectField } from '#web/components/ui/select-field';
import { TextAreaField } from '#web/components/ui/text-area-field';
import { TextField } from '#web/components/ui/text-field';
import { parseEntityId } from '#web/lib/entity-id';
import { middleEllipsis } from '#web/lib/middle-ellipsis';
import { parseIdList } from '../lib/id-list';
import { statusLabel } from '../lib/statement-labels';
import {
  DEFAULT_FILTERS,
  PAGE_SIZES,
  draftFromFilters,
  statementsSearch,
  validateFilterDraft,
  type FilterDraft,
  type FilterDraftField,
  type StatementFilters,
} from '../lib/statements-url-state';

export interface StatementsFiltersProps {
  filters: StatementFilters;
  /** The filters as they stand in the URL (a string): when it changes, the form starts from it. */
  filtersKey: string;
  recentCustomers: readonly string[];
  /** Field errors the BFF returned for the current filters. */
  serverErrors?: Partial<Record<FilterDraftField, string>>;
  onApply: (filters: StatementFilters) => void;
}

const ORDER_OPTIONS = [
  { value: 'DESC', label: 'Newest period first' },
  { value: 'ASC', label: 'Oldest period first' },
];
const SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} rows` }));

const countHint = (text: string) => {
  const count = parseIdList(text).length;
  return count === 0 ? 'Paste a list of ids' : `${count} ${count === 1 ? 'id' : 'ids'} pasted`;
};

/**
 * The filters as a form: nothing is fetched while typing; "Show statements" puts them in the URL.
 */
export function StatementsFilters({
  filters,
  filtersKey,
  recentCustomers,
  serverErrors,
  onApply,
}: StatementsFiltersProps) {
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromFilters(filters));
  const [errors, setErrors] = useState<Partial<Record<FilterDraftField, string>>>({});
  // Back, a link or "Show statements" changed the URL: the form shows those filters. Done during
  // render (not by remounting), so keyboard focus stays on the button that was pressed.
  const [syncedKey, setSyncedKey] = useState(filtersKey);
  if (syncedKey !== filtersKey) {
    setSyncedKey(filtersKey);
    setDraft(draftFromFilters(filters));
    setErrors({});
  }
  const recentListId = `${useId()}-recent`;
  const shown = { ...serverErrors, ...errors };
  const set = <K extends keyof FilterDraft>(key: K, value: FilterDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const toggleStatus = (status: StatementStatus, checked: boolean) =>
    set(
      'statuses',
      checked
        ? STATEMENT_STATUSES.filter((s) => s === status || draft.statuses.includes(s))
        : draft.statuses.filter((s) => s !== status),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateFilterDraft(draft);
    if (!result.ok) {
      setErrors(result.errors);
      const first = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
      return;
    }
    setErrors({});
    onApply(result.filters);
  };

  // Clearing resets the table as well as the form: the list must never show filters the form
  // no longer has. The customer stays (it is the subject, not a filter).
  const clear = () => {
    const checked = parseEntityId(draft.customerId, 'customer id');
    const next = {
      ...DEFAULT_FILTERS,
      customerId: checked.ok ? checked.id : draft.customerId.trim(),
    };
    setDraft(draftFromFilters(next));
    setErrors({});
    if (checked.ok) onApply(next);
  };

  return (
    <form
      className="statements-filters"
      aria-label="Statement filters"
      onSubmit={submit}
      noValidate
    >
      <div className="statements-filters__grid">
        <div className="statements-filters__customer">
          <TextField
            label="Customer id"
            required
            mono
            value={draft.customerId}
            onChange={(event) => set('customerId', event.target.value)}
            list={recentCustomers.length ? recentListId : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder="Paste or type a customer id"
            error={shown.customerId}
            hint={recentCustomers.length ? 'Recent ones are offered as you type' : undefined}
          />
          {recentCustomers.length > 0 && (
            <datalist id={recentListId}>
              {recentCustomers.map((id) => (
                <option key={id} value={id} />
              ))}
            </datalist>
          )}
        </div>
        <TextAreaField
          label="Ref ids"
          rows={1}
          className="mono-input"
          value={draft.refIdsText}
          onChange={(event) => set('refIdsText', event.target.value)}
          spellCheck={false}
          hint={countHint(draft.refIdsText)}
          error={shown.refIdsText}
        />
        <TextAreaField
          label="Statement ids"
          rows={1}
          className="mono-input"
          value={draft.statementIdsText}
          onChange={(event) => set('statementIdsText', event.target.value)}
          spellCheck={false}
          hint={countHint(draft.statementIdsText)}
          error={shown.statementIdsText}
        />
        <SelectField
          label="Order"
          options={ORDER_OPTIONS}
          value={draft.order}
          onChange={(event) => set('order', event.target.value === 'ASC' ? 'ASC' : 'DESC')}
          error={shown.order}
        />
        <SelectField
          label="Page size"
          options={SIZE_OPTIONS}
          value={draft.limit}
          onChange={(event) => set('limit', event.target.value)}
          error={shown.limit}
        />
        <fieldset className="field statements-filters__statuses">
          <legend className="field__label">Statuses</legend>
          <div className="choice-group">
            {STATEMENT_STATUSES.map((status) => (
              <CheckboxField
                key={status}
                label={statusLabel(status)}
                checked={draft.statuses.includes(status)}
                onChange={(event) => toggleStatus(status, event.target.checked)}
              />
            ))}
          </div>
          <span className="field__hint">
            {draft.statuses.length === 0
              ? 'None checked: every status'
              : `Only ${draft.statuses.map(statusLabel).join(', ')}; none checked: every status`}
          </span>
          {shown.statuses && <span className="field__error">{shown.statuses}</span>}
        </fieldset>
        <RecentCustomers recent={recentCustomers} current={filters.customerId} />
        <div className="row row--end statements-filters__actions">
          <Button onClick={clear}>Clear filters</Button>
          <Button type="submit" variant="primary">
            Show statements
          </Button>
        </div>
      </div>
    </form>
  );
}

function RecentCustomers({ recent, current }: { recent: readonly string[]; current: string }) {
  const others = recent.filter((id) => id !== current).slice(0, 4);
  if (others.length === 0) return <span className="statements-filters__recent" />;
  return (
    <nav aria-label="Recent customers" className="row recent-customers statements-filters__recent">
      <span className="muted">Recent:</span>
      <ul className="tag-list">
        {others.map((id) => (
          <li key={id}>
            <Link
              className="mono"
              to={`/statements?${statementsSearch({ filters: { ...DEFAULT_FILTERS, customerId: id }, cursors: [] }).toString()}`}
              title={id}
              aria-label={`Customer ${id}`}
            >
              {middleEllipsis(id, 8, 4)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

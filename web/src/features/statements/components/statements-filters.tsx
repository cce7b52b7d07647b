import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { CheckboxField } from '#web/components/ui/checkbox-field';
import { SelectField } from '#web/components/ui/select-field';
import { TextAreaField } from '#web/components/ui/text-area-field';
import { parseEntityId } from '#web/lib/entity-id';
import { middleEllipsis } from '#web/lib/middle-ellipsis';
import { useMe } from '#web/lib/session';
import { useUrlDraft } from '#web/lib/use-url-draft';
import { parseIdList } from '../lib/id-list';
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
import { CustomerIdField } from './customer-id-field';
import { StatusFilter } from './status-filter';

interface StatementsFiltersProps {
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

const ID_LIST_FIELDS = [
  { key: 'refIdsText', label: 'Ref ids' },
  { key: 'statementIdsText', label: 'Statement ids' },
] as const;

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
  const { draft, setDraft, errors, setErrors, set, submitWith } = useUrlDraft(
    filters,
    filtersKey,
    draftFromFilters,
  );
  const shown = { ...serverErrors, ...errors };
  const moreId = useId();
  // On a phone the list comes first once a customer is chosen; a refused filter is never folded.
  const [expanded, setExpanded] = useState(filters.customerId === '');
  const open = expanded || Object.keys(shown).some((field) => field !== 'customerId');

  const submit = submitWith(validateFilterDraft, onApply);

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
        <CustomerIdField
          value={draft.customerId}
          onChange={(value) => set('customerId', value)}
          recentCustomers={recentCustomers}
          error={shown.customerId}
        />
        <div
          id={moreId}
          className={`statements-filters__more${open ? '' : ' statements-filters__more--folded'}`}
        >
          <MoreFilters draft={draft} set={set} shown={shown}>
            <RecentCustomers recent={recentCustomers} current={filters.customerId} />
          </MoreFilters>
        </div>
        <div className="row row--end statements-filters__actions">
          <MoreFiltersToggle
            open={open}
            controls={moreId}
            setCount={filtersSet(filters)}
            onToggle={() => setExpanded(!open)}
          />
          <Button onClick={clear}>Clear filters</Button>
          <Button type="submit" variant="primary">
            Show statements
          </Button>
        </div>
      </div>
    </form>
  );
}

/** Shown on a phone only (the stylesheet): one name either way, aria-expanded says the state. */
function MoreFiltersToggle(props: {
  open: boolean;
  controls: string;
  setCount: number;
  onToggle: () => void;
}) {
  return (
    <Button
      className="statements-filters__toggle"
      aria-expanded={props.open}
      aria-controls={props.controls}
      onClick={props.onToggle}
    >
      More filters{props.setCount > 0 ? ` (${props.setCount} set)` : ''}
    </Button>
  );
}

/** How many filters besides the customer the list is narrowed by (said on the folded toggle). */
const filtersSet = (filters: StatementFilters): number =>
  [
    filters.statuses.length > 0,
    filters.refIds.length > 0,
    filters.statementIds.length > 0,
    filters.order !== DEFAULT_FILTERS.order,
    filters.paymentsDiffer,
  ].filter(Boolean).length;

/** Every filter but the customer: on a phone folded under "More filters" once a list is shown. */
function MoreFilters({
  draft,
  set,
  shown,
  children,
}: {
  /** Between the statuses and "Payments differ", where the desktop grid places it. */
  children: ReactNode;
  draft: FilterDraft;
  set: <K extends FilterDraftField>(field: K, value: FilterDraft[K]) => void;
  shown: Partial<Record<FilterDraftField, string>>;
}) {
  return (
    <>
      {ID_LIST_FIELDS.map(({ key, label }) => (
        <TextAreaField
          key={key}
          label={label}
          rows={1}
          className="mono-input"
          value={draft[key]}
          onChange={(event) => set(key, event.target.value)}
          spellCheck={false}
          hint={countHint(draft[key])}
          error={shown[key]}
        />
      ))}
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
      <StatusFilter
        statuses={draft.statuses}
        onChange={(statuses) => set('statuses', statuses)}
        error={shown.statuses}
      />
      {children}
      <PaymentsDifferField
        checked={draft.paymentsDiffer}
        onChange={(checked) => set('paymentsDiffer', checked)}
      />
    </>
  );
}

/**
 * "Payments differ": off, with the reason, when the upstream client lacks statements:read_payment
 * (a filter that could only fail is never offered as if it worked).
 */
function PaymentsDifferField({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const feature = useMe().features.statement_payments;
  return (
    <CheckboxField
      className="statements-filters__payments"
      label="Payments differ"
      checked={checked && feature.enabled}
      disabled={!feature.enabled}
      onChange={(event) => onChange(event.target.checked)}
      hint={
        feature.enabled
          ? 'Reads every matching statement and every payment of the customer; lists only the statements their completed payments do not settle.'
          : feature.reason
      }
    />
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

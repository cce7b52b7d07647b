import { ASSET_DECIMALS } from '#contract/asset-precision';
import { CRYPTO_NETWORKS, CRYPTO_NETWORK_LABELS } from '#contract/crypto-network';
import { LEDGER_SEARCH_MAX, LEDGER_STATUSES } from '#contract/withdrawal-ledger';
import { FilterBarActions } from '#web/components/ui/filter-bar-actions';
import { SelectField, withChosenOption } from '#web/components/ui/select-field';
import { TextField } from '#web/components/ui/text-field';
import { useUrlDraft } from '#web/lib/use-url-draft';
import { dateRangeErrors, searchFromFilters, type LedgerFilters } from '../lib/ledger-filters';
import { LEDGER_STATUS_TONES } from './ledger-status-badge';

const STATUS_OPTIONS = LEDGER_STATUSES.map((s) => ({
  value: s,
  label: LEDGER_STATUS_TONES[s].label,
}));
const NETWORK_OPTIONS = CRYPTO_NETWORKS.map((n) => ({ value: n, label: CRYPTO_NETWORK_LABELS[n] }));
const ASSET_OPTIONS = Object.keys(ASSET_DECIMALS).map((a) => ({ value: a, label: a }));

const DAY_FIELDS = [
  { key: 'from', label: 'Submitted from (UTC)', hint: 'The first day, included' },
  { key: 'to', label: 'Submitted to (UTC)', hint: 'The last day, included' },
] as const;

/** A day range that ends before it starts is refused; anything else applies as it is. */
function checkDays(draft: LedgerFilters) {
  const errors = dateRangeErrors(draft);
  return errors.to ? { ok: false as const, errors } : { ok: true as const, filters: draft };
}

/** The draft is the filters themselves (every field a string or unset). */
const draftOf = (filters: LedgerFilters) => filters;

/**
 * The ledger's filters and search box. Applied together (the URL then holds them: a link or Back
 * reproduces the view); the form shows the URL's filters again when they change from outside.
 */
export function LedgerFilterForm({
  filters,
  onApply,
}: {
  /** The filters as they stand in the URL. */
  filters: LedgerFilters;
  onApply: (filters: LedgerFilters) => void;
}) {
  const filtersKey = searchFromFilters(filters).toString();
  const { draft, setDraft, errors, setErrors, submitWith } = useUrlDraft(
    filters,
    filtersKey,
    draftOf,
  );
  const set = (key: keyof LedgerFilters, value: string) => {
    setDraft((current) => ({ ...current, [key]: value || undefined }));
    if (key === 'from' || key === 'to') setErrors({});
  };
  const submit = submitWith(checkDays, onApply);
  const selects = [
    { key: 'status', label: 'Status', placeholder: 'Any status', options: STATUS_OPTIONS },
    // An asset from a link that is not in the list still shows as chosen.
    {
      key: 'asset',
      label: 'Asset',
      placeholder: 'Any asset',
      options: withChosenOption(ASSET_OPTIONS, draft.asset),
    },
    {
      key: 'crypto_network',
      label: 'Network',
      placeholder: 'Any network',
      options: NETWORK_OPTIONS,
    },
  ] as const;
  return (
    <form
      className="card card__body filter-bar"
      aria-label="Filter withdrawals"
      onSubmit={submit}
      noValidate
    >
      <TextField
        label="Search"
        type="search"
        mono
        value={draft.q ?? ''}
        maxLength={LEDGER_SEARCH_MAX}
        onChange={(e) => set('q', e.target.value)}
        hint="The start of a ref_id, a transaction hash or a destination address"
        spellCheck={false}
      />
      <div className="form-grid">
        {selects.map(({ key, label, placeholder, options }) => (
          <SelectField
            key={key}
            label={label}
            placeholder={placeholder}
            options={options}
            value={draft[key] ?? ''}
            onChange={(e) => set(key, e.target.value)}
          />
        ))}
        {DAY_FIELDS.map(({ key, label, hint }) => (
          <TextField
            key={key}
            label={label}
            type="date"
            value={draft[key] ?? ''}
            onChange={(e) => set(key, e.target.value)}
            hint={hint}
            error={errors[key]}
          />
        ))}
        <TextField
          label="Operator"
          value={draft.operator ?? ''}
          onChange={(e) => set('operator', e.target.value)}
        />
        <TextField
          label="ref_id"
          mono
          value={draft.ref_id ?? ''}
          onChange={(e) => set('ref_id', e.target.value)}
          hint="Exactly"
        />
      </div>
      <FilterBarActions onClear={() => onApply({})} />
    </form>
  );
}

import type { FormEvent } from 'react';
import { ASSET_DECIMALS } from '#contract/asset-precision';
import { CRYPTO_NETWORKS, CRYPTO_NETWORK_LABELS } from '#contract/crypto-network';
import { LEDGER_SEARCH_MAX, LEDGER_STATUSES } from '#contract/withdrawal-ledger';
import { FilterBarActions } from '#web/components/ui/filter-bar-actions';
import { SelectField, withChosenOption } from '#web/components/ui/select-field';
import { TextField } from '#web/components/ui/text-field';
import { focusFirstInvalid } from '#web/lib/focus-first-invalid';
import { useUrlDraft } from '#web/lib/use-url-draft';
import { dateRangeErrors, searchFromFilters, type LedgerFilters } from '../lib/ledger-filters';
import { LEDGER_STATUS_TONES } from './ledger-status-badge';

const STATUS_OPTIONS = LEDGER_STATUSES.map((s) => ({
  value: s,
  label: LEDGER_STATUS_TONES[s].label,
}));
const NETWORK_OPTIONS = CRYPTO_NETWORKS.map((n) => ({ value: n, label: CRYPTO_NETWORK_LABELS[n] }));
const ASSET_OPTIONS = Object.keys(ASSET_DECIMALS).map((a) => ({ value: a, label: a }));

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
  const { draft, setDraft, errors, setErrors } = useUrlDraft(filters, filtersKey, draftOf);
  const set = (key: keyof LedgerFilters, value: string) => {
    setDraft((current) => ({ ...current, [key]: value || undefined }));
    if (key === 'from' || key === 'to') setErrors({});
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = dateRangeErrors(draft);
    setErrors(found);
    if (found.to) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    onApply(draft);
  };
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
        <TextField
          label="Submitted from (UTC)"
          type="date"
          value={draft.from ?? ''}
          onChange={(e) => set('from', e.target.value)}
          hint="The first day, included"
          error={errors.from}
        />
        <TextField
          label="Submitted to (UTC)"
          type="date"
          value={draft.to ?? ''}
          onChange={(e) => set('to', e.target.value)}
          hint="The last day, included"
          error={errors.to}
        />
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

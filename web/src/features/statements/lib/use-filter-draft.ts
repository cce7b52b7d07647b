import { useState } from 'react';
import {
  draftFromFilters,
  type FilterDraft,
  type FilterDraftField,
  type StatementFilters,
} from './statements-url-state';

type FilterErrors = Partial<Record<FilterDraftField, string>>;

/**
 * The filters form's draft and its own errors. When the URL's filters change (Back, a link,
 * "Show statements") the form shows them again: done during render (not by remounting), so
 * keyboard focus stays on the button that was pressed. Editing a field clears its error.
 */
export function useFilterDraft(filters: StatementFilters, filtersKey: string) {
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromFilters(filters));
  const [errors, setErrors] = useState<FilterErrors>({});
  const [syncedKey, setSyncedKey] = useState(filtersKey);
  if (syncedKey !== filtersKey) {
    setSyncedKey(filtersKey);
    setDraft(draftFromFilters(filters));
    setErrors({});
  }
  const set = <K extends keyof FilterDraft>(key: K, value: FilterDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };
  return { draft, setDraft, errors, setErrors, set };
}

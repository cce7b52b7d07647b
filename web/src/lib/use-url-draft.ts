import { useState } from 'react';

/**
 * A filters form's draft and its own errors, started from the URL's filters. When those change
 * (Back, a link, applying) the form shows them again: done during render (not by remounting), so
 * keyboard focus stays on the button that was pressed. Editing a field clears its error.
 */
export function useUrlDraft<F, D extends object>(
  filters: F,
  filtersKey: string,
  draftOf: (filters: F) => D,
) {
  const [draft, setDraft] = useState<D>(() => draftOf(filters));
  const [errors, setErrors] = useState<Partial<Record<keyof D, string>>>({});
  const [syncedKey, setSyncedKey] = useState(filtersKey);
  if (syncedKey !== filtersKey) {
    setSyncedKey(filtersKey);
    setDraft(draftOf(filters));
    setErrors({});
  }
  const set = <K extends keyof D>(key: K, value: D[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };
  return { draft, setDraft, errors, setErrors, set };
}

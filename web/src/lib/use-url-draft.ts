import { useState, type FormEvent } from 'react';
import { focusFirstInvalid } from './focus-first-invalid';

/** What checking a draft gives: the filters to apply, or an error for each refused field. */
type DraftResult<D, R> =
  { ok: true; filters: R } | { ok: false; errors: Partial<Record<keyof D, string>> };

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
  /** The submit: the draft checked; refused, its errors shown and the first one focused. */
  const submitWith =
    <R>(validate: (draft: D) => DraftResult<D, R>, onApply: (filters: R) => void) =>
    (event: FormEvent) => {
      event.preventDefault();
      const result = validate(draft);
      if (!result.ok) {
        setErrors(result.errors);
        focusFirstInvalid(event.currentTarget);
        return;
      }
      setErrors({});
      onApply(result.filters);
    };
  return { draft, setDraft, errors, setErrors, set, submitWith };
}

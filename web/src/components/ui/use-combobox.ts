import { useMemo, useState, type KeyboardEvent } from 'react';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line shown small (an id beside a name); typing its start also finds the option. */
  detail?: string;
}

function matches(option: ComboboxOption, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    option.label.toLowerCase().includes(q) ||
    option.value.toLowerCase() === q ||
    (option.detail?.toLowerCase().startsWith(q) ?? false)
  );
}

/**
 * What the combobox shows and does: the typed query narrows the options, arrows move the active
 * one, Enter chooses it, Escape closes; leaving the field accepts a typed exact code or label.
 */
export function useCombobox({
  options,
  value,
  onChange,
  onBlur,
  maxResults,
  acceptText,
}: {
  options: readonly ComboboxOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur: (() => void) | undefined;
  maxResults: number;
  /** Free text the field also takes (a pasted id, a code not listed): its value, or undefined. */
  acceptText?: ((text: string) => string | undefined) | undefined;
}) {
  const selected = options.find((option) => option.value === value);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shownText = query ?? (selected ? selected.label : value);
  const filtered = useMemo(
    () => options.filter((option) => matches(option, query ?? '')).slice(0, maxResults),
    [options, query, maxResults],
  );
  const activeOption = open ? filtered[Math.min(active, filtered.length - 1)] : undefined;

  const choose = (option: ComboboxOption) => {
    onChange(option.value);
    setQuery(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((index) => Math.min(index + 1, filtered.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      if (open && activeOption) {
        event.preventDefault();
        choose(activeOption);
      } else if (query !== null) {
        // Not prevented: the text is taken and Enter goes on to submit the form.
        const accepted = acceptText?.(query.trim());
        if (accepted !== undefined) choose({ value: accepted, label: accepted });
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setQuery(null);
      }
    }
  };

  const onType = (text: string) => {
    setQuery(text);
    setActive(0);
    setOpen(true);
  };

  const onLeave = () => {
    // A typed exact code or label is accepted on leaving the field.
    if (query !== null) {
      const exact = options.find(
        (option) =>
          option.value.toLowerCase() === query.trim().toLowerCase() ||
          option.label.toLowerCase() === query.trim().toLowerCase(),
      );
      const accepted = exact ? undefined : acceptText?.(query.trim());
      if (exact) onChange(exact.value);
      else if (accepted !== undefined) onChange(accepted);
      else if (query.trim() === '') onChange('');
    }
    setQuery(null);
    setOpen(false);
    onBlur?.();
  };

  return {
    open,
    openList: () => setOpen(true),
    shownText,
    filtered,
    activeOption,
    choose,
    onKeyDown,
    onType,
    onLeave,
  };
}

import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FieldError, FieldHint, FieldLabel, useFieldIds } from './field';

export interface ComboboxOption {
  value: string;
  label: string;
}

export interface ComboboxProps {
  label: ReactNode;
  options: readonly ComboboxOption[];
  /** The selected value ('' for none). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  id?: string;
  placeholder?: string;
  name?: string;
  className?: string;
  /** Most options shown at once; typing narrows the list. */
  maxResults?: number;
}

function matches(option: ComboboxOption, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return option.label.toLowerCase().includes(q) || option.value.toLowerCase() === q;
}

/**
 * A searchable list (ARIA 1.2 combobox with a listbox popup): type to narrow, arrows to move,
 * Enter to choose, Escape to close. Used for long lists such as countries.
 */
export function Combobox({
  label,
  options,
  value,
  onChange,
  onBlur,
  hint,
  error,
  required,
  id,
  placeholder,
  name,
  className,
  maxResults = 300,
}: ComboboxProps) {
  const ids = useFieldIds({ id, hint, error });
  const listId = `${useId()}-list`;
  const selected = options.find((option) => option.value === value);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const shownText = query ?? (selected ? selected.label : value);
  const filtered = useMemo(
    () => options.filter((option) => matches(option, query ?? '')).slice(0, maxResults),
    [options, query, maxResults],
  );
  const activeOption = open ? filtered[Math.min(active, filtered.length - 1)] : undefined;
  const optionId = (option: ComboboxOption) => `${listId}-${option.value}`;

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
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setQuery(null);
      }
    }
  };

  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <FieldLabel htmlFor={ids.controlId} required={required}>
        {label}
      </FieldLabel>
      <div className="combobox">
        <input
          ref={inputRef}
          id={ids.controlId}
          name={name}
          type="text"
          role="combobox"
          className="field__control"
          autoComplete="off"
          placeholder={placeholder}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          aria-required={required || undefined}
          value={shownText}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            // A typed exact code or label is accepted on leaving the field.
            if (query !== null) {
              const exact = options.find(
                (option) =>
                  option.value.toLowerCase() === query.trim().toLowerCase() ||
                  option.label.toLowerCase() === query.trim().toLowerCase(),
              );
              if (exact) onChange(exact.value);
              else if (query.trim() === '') onChange('');
            }
            setQuery(null);
            setOpen(false);
            onBlur?.();
          }}
        />
        <ul
          id={listId}
          role="listbox"
          className="combobox__list"
          hidden={!open}
          aria-label={typeof label === 'string' ? label : undefined}
        >
          {filtered.length === 0 ? (
            <li
              className="combobox__empty"
              role="option"
              aria-selected={false}
              aria-disabled="true"
            >
              No match
            </li>
          ) : (
            filtered.map((option) => (
              <li
                key={option.value}
                id={optionId(option)}
                role="option"
                aria-selected={option.value === value}
                className={[
                  'combobox__option',
                  option === activeOption && 'combobox__option--active',
                ]
                  .filter(Boolean)
                  .join(' ')}
                // mousedown, not click: it runs before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
              >
                {option.label}
              </li>
            ))
          )}
        </ul>
      </div>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}

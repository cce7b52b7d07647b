import { useId, type ReactNode, type Ref } from 'react';
import { FieldFrame, useFieldIds } from './field';
import { useCombobox, type ComboboxOption } from './use-combobox';

interface ComboboxProps {
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
  /** Free text the field also takes (see useCombobox). */
  acceptText?: (text: string) => string | undefined;
  /** What the list says when nothing matches ("No match"). */
  emptyText?: string;
  /** The input (react-hook-form focuses a field with an error through it). */
  ref?: Ref<HTMLInputElement>;
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
  acceptText,
  emptyText = 'No match',
  ref,
}: ComboboxProps) {
  const ids = useFieldIds({ id, hint, error, required });
  const listId = `${useId()}-list`;
  const box = useCombobox({ options, value, onChange, onBlur, maxResults, acceptText });
  const optionId = (option: ComboboxOption) => `${listId}-${option.value}`;

  return (
    <FieldFrame {...{ ids, label, hint, error, required, className }}>
      <div className="combobox">
        <input
          ref={ref}
          {...ids.control}
          name={name}
          type="text"
          role="combobox"
          className="field__control"
          autoComplete="off"
          placeholder={placeholder}
          aria-autocomplete="list"
          aria-expanded={box.open}
          aria-controls={listId}
          aria-activedescendant={box.activeOption ? optionId(box.activeOption) : undefined}
          value={box.shownText}
          onChange={(event) => box.onType(event.target.value)}
          onFocus={box.openList}
          onClick={box.openList}
          onKeyDown={box.onKeyDown}
          onBlur={box.onLeave}
        />
        <ul
          id={listId}
          role="listbox"
          className="combobox__list"
          hidden={!box.open}
          aria-label={typeof label === 'string' ? label : undefined}
        >
          {box.filtered.length === 0 ? (
            <li
              className="combobox__empty"
              role="option"
              aria-selected={false}
              aria-disabled="true"
            >
              {emptyText}
            </li>
          ) : (
            box.filtered.map((option) => (
              <li
                key={option.value}
                id={optionId(option)}
                role="option"
                aria-selected={option.value === value}
                className={[
                  'combobox__option',
                  option === box.activeOption && 'combobox__option--active',
                ]
                  .filter(Boolean)
                  .join(' ')}
                // mousedown, not click: it runs before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  box.choose(option);
                }}
              >
                {option.label}
                {option.detail && (
                  <span className="combobox__detail mono small muted">{option.detail}</span>
                )}
              </li>
            ))
          )}
        </ul>
      </div>
    </FieldFrame>
  );
}

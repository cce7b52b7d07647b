import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import type { FeatureState } from '#contract/companion-features';
import type { DirectoryVasp } from '#contract/vasps';
import { Button } from '#web/components/ui/button';
import { Notice } from '#web/components/ui/notice';
import { vaspQuery } from '#web/shared/destinations/vasp-queries';
import { vaspSearchQuery } from '../api/vasp-api';
import { useDebouncedValue } from '../lib/use-debounced-value';

interface VaspPickerProps {
  /** The directory state from /api/me (`features.vasp_directory`). */
  feature: FeatureState;
  /** The chosen directory VASP's id ('' for none). */
  value: string;
  onSelect: (vasp: { id: string; name?: string }) => void;
  /** "Not listed": the caller clears the id and offers the custom name and website. */
  onNotListed: () => void;
}

/**
 * A type-ahead over the service's VASP directory (ARIA combobox with a listbox popup), with
 * "Not listed" for a VASP the directory lacks. Self-contained: the form gives the chosen id
 * and gets the choice back. Without the directory it says so, and the form's fields remain.
 */
export function VaspPicker({ feature, ...props }: VaspPickerProps) {
  if (!feature.enabled)
    return (
      <Notice tone="info" title="VASP directory unavailable">
        {feature.reason ?? 'The VASP directory is not available.'} Enter the VASP below.
      </Notice>
    );
  return <VaspCombobox {...props} />;
}

/** The directory is there: the type-ahead itself. */
function VaspCombobox({ value, onSelect, onNotListed }: Omit<VaspPickerProps, 'feature'>) {
  const inputId = useId();
  const listId = `${inputId}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text.trim(), 250);
  const results = useQuery({ ...vaspSearchQuery(search), enabled: open });
  const items: DirectoryVasp[] = results.data?.items ?? [];
  // Nothing matched what was typed: "Not listed…" is offered in the popup itself (below it, the
  // popup covered the button that says so).
  const noMatch = items.length === 0 && search !== '' && results.isSuccess && !results.isFetching;
  const notListedId = `${listId}-not-listed`;
  const chooseNotListed = () => {
    setOpen(false);
    onNotListed();
  };
  const choose = (vasp: DirectoryVasp) => {
    onSelect({ id: vasp.id, ...(vasp.name ? { name: vasp.name } : {}) });
    setText('');
    setOpen(false);
  };
  const keys = { open, items, active, noMatch, setOpen, setActive, choose, chooseNotListed };
  const optionId = (vasp: DirectoryVasp) => `${listId}-${vasp.id}`;
  const activeId =
    open && items[active] ? optionId(items[active]) : open && noMatch ? notListedId : undefined;
  return (
    <div className="field">
      <label htmlFor={inputId} className="field__label">
        Find the VASP in the directory
      </label>
      {value !== '' && <ChosenVasp id={value} />}
      <div className="combobox">
        <input
          id={inputId}
          type="text"
          role="combobox"
          className="field__control"
          autoComplete="off"
          placeholder="Type a name, e.g. Coinbase"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(event) => onComboboxKey(event, keys)}
          onBlur={() => setOpen(false)}
        />
        <VaspOptions
          listId={listId}
          open={open}
          items={items}
          active={active}
          value={value}
          status={results.isFetching ? 'searching' : results.isError ? 'failed' : 'done'}
          notListed={noMatch ? { id: notListedId, search } : undefined}
          optionId={optionId}
          onChoose={choose}
          onNotListed={chooseNotListed}
        />
      </div>
      <div className="row">
        <Button onClick={onNotListed}>Not listed: enter its name and website</Button>
      </div>
    </div>
  );
}

/** The directory VASP the form holds, by its name. */
function ChosenVasp({ id }: { id: string }) {
  const chosen = useQuery(vaspQuery(id));
  return (
    <p className="small" aria-live="polite">
      Chosen: <strong>{chosen.data?.name ?? id}</strong> <span className="muted mono">({id})</span>
    </p>
  );
}

/** The combobox's keys: arrows move, Enter chooses (or "Not listed…"), Escape closes. */
function onComboboxKey(
  event: KeyboardEvent<HTMLInputElement>,
  c: {
    open: boolean;
    items: DirectoryVasp[];
    active: number;
    noMatch: boolean;
    setOpen: (open: boolean) => void;
    setActive: (update: (i: number) => number) => void;
    choose: (vasp: DirectoryVasp) => void;
    chooseNotListed: () => void;
  },
) {
  const { open, items, active } = c;
  if (event.key === 'ArrowDown') {
    event.preventDefault();
    c.setOpen(true);
    c.setActive((i) => Math.min(i + 1, Math.max(0, items.length - 1)));
  } else if (event.key === 'ArrowUp') {
    event.preventDefault();
    c.setActive((i) => Math.max(0, i - 1));
  } else if (event.key === 'Enter' && open && items[active]) {
    event.preventDefault();
    c.choose(items[active]);
  } else if (event.key === 'Enter' && open && c.noMatch) {
    event.preventDefault();
    c.chooseNotListed();
  } else if (event.key === 'Escape' && open) {
    event.preventDefault();
    c.setOpen(false);
  }
}

interface VaspOptionsProps {
  listId: string;
  open: boolean;
  items: DirectoryVasp[];
  active: number;
  value: string;
  status: 'searching' | 'failed' | 'done';
  /** Nothing matched what was typed: "Not listed…" is an option of the popup itself. */
  notListed: { id: string; search: string } | undefined;
  optionId: (vasp: DirectoryVasp) => string;
  onChoose: (vasp: DirectoryVasp) => void;
  onNotListed: () => void;
}

/** The combobox's popup: the directory's matches, or why there are none. */
function VaspOptions({
  listId,
  open,
  items,
  active,
  value,
  status,
  notListed,
  optionId,
  onChoose,
  onNotListed,
}: VaspOptionsProps) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label="VASPs in the directory"
      className="combobox__list"
      hidden={!open}
    >
      {items.length === 0 ? (
        <li className="combobox__empty" role="option" aria-selected={false} aria-disabled="true">
          {status === 'searching'
            ? 'Searching…'
            : status === 'failed'
              ? 'The directory could not be searched'
              : 'No match'}
        </li>
      ) : null}
      {notListed && (
        <li
          id={notListed.id}
          role="option"
          aria-selected={false}
          className="combobox__option combobox__option--active"
          // mousedown, not click: it runs before the input's blur closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            onNotListed();
          }}
        >
          Not listed… enter “{notListed.search}” by its name and website
        </li>
      )}
      {items.length === 0
        ? null
        : items.map((vasp, index) => (
            <li
              key={vasp.id}
              id={optionId(vasp)}
              role="option"
              aria-selected={vasp.id === value}
              className={['combobox__option', index === active && 'combobox__option--active']
                .filter(Boolean)
                .join(' ')}
              // mousedown, not click: it runs before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                onChoose(vasp);
              }}
            >
              {vasp.name ?? vasp.id}
            </li>
          ))}
    </ul>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FEED_COUNTRY_CODES, countryName, type CountryCode, type Language } from '@juntos/domain';
import { CountryFlag } from '../../components/country-flag';
import { Button } from '../../components/ui/button';
import './feed.css';

type Choice = CountryCode | '';

/**
 * The feed's country choice, shown as flags (spec §2: "flag only"): a button that opens a
 * listbox of the 26 countries and "all EU". Each flag's text alternative is the country's name,
 * so the choice is announced by name; arrow keys, Home, End, Enter, Space and Escape work as in a
 * native select.
 */
export function CountryFilter({ value, onChange }: { value: Choice; onChange: (value: Choice) => void }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const choices: Choice[] = ['', ...FEED_COUNTRY_CODES];
  const nameOf = (choice: Choice) => (choice ? countryName(choice, language) : t('feed.all_countries'));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(Math.max(0, choices.indexOf(value)));
  const labelId = useId();
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const openList = () => {
    setActive(Math.max(0, choices.indexOf(value)));
    setOpen(true);
  };
  const choose = (index: number) => {
    const choice = choices[index];
    setOpen(false);
    buttonRef.current?.focus();
    if (choice !== undefined && choice !== value) onChange(choice);
  };
  const onListKey = (event: KeyboardEvent) => {
    const last = choices.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => Math.min(last, active + 1),
      ArrowUp: () => Math.max(0, active - 1),
      Home: () => 0,
      End: () => last,
    };
    if (moves[event.key]) {
      event.preventDefault();
      setActive(moves[event.key]?.() ?? active);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="country-filter">
      <span id={labelId} className="country-filter__label">
        {t('feed.country_filter')}
      </span>
      <Button
        ref={buttonRef}

        className="country-filter__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${listId}-current`}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openList();
          }
        }}
      >
        <CountryFlag code={value || 'eu'} label="" />
        <span id={`${listId}-current`} className="visually-hidden">
          {nameOf(value)}
        </span>
        <span aria-hidden="true" className="country-filter__caret">
          ▾
        </span>
      </Button>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={0}
          className="country-filter__list"
          aria-labelledby={labelId}
          aria-activedescendant={`${listId}-${active}`}
          onKeyDown={onListKey}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
          }}
        >
          {choices.map((choice, index) => (
            <li
              key={choice || 'all'}
              id={`${listId}-${index}`}
              data-index={index}
              role="option"
              aria-selected={choice === value}
              className={`country-filter__option${index === active ? ' country-filter__option--active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
            >
              <CountryFlag code={choice || 'eu'} label={nameOf(choice)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// "Was?": a free-text field (WAI-ARIA 1.2 combobox) that suggests activities and common words of
// job titles as one types (issue 41, item 13), like "Wo?" suggests towns. Unlike "Wo?" nothing
// needs choosing: a suggestion only completes the text, which the search matches by word starts
// anyway ("Promo" finds the Promotion jobs).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import form from '@/shared/ui/form.module.css';
import { suggestionQueryOptions, type SearchSuggestion } from '../api/suggestions';
import { useDebounced } from './place-autocomplete';
import styles from './place-autocomplete.module.css';
import own from './what-autocomplete.module.css';

type Props = {
  value: string;
  onChange: (text: string) => void;
};

/** The text with its last word replaced by the suggestion: "Hamburg Prom" → "Hamburg Promotion". */
export function completed(text: string, suggestion: string): string {
  const words = text.trimEnd().split(/\s+/);
  words[words.length - 1] = suggestion;
  return words.join(' ');
}

function jobsLabel(n: number): string {
  return n === 1 ? '1 Job' : `${n.toLocaleString('de-DE')} Jobs`;
}

export function WhatAutocomplete({ value, onChange }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);
  const term = useDebounced(value.trim(), 150);
  const lastWord = term.split(/\s+/).pop() ?? '';
  const suggestions = useQuery({ ...suggestionQueryOptions(term), enabled: open && lastWord.length >= 2 });
  const options = suggestions.data ?? [];
  const showList = open && lastWord.length >= 2 && options.length > 0;

  function choose(suggestion: SearchSuggestion) {
    onChange(completed(value, suggestion.name));
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && showList && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const listId = `${id}-list`;
  return (
    <div className={`${form.field} ${styles.root}`}>
      <label htmlFor={`${id}-input`}>Was?</label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
        value={value}
        maxLength={200}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          clearTimeout(blurTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          blurTimer.current = setTimeout(() => setOpen(false), 150);
        }}
        onKeyDown={onKeyDown}
        placeholder="Job, Tätigkeit oder Stichwort"
        autoComplete="off"
        enterKeyHint="search"
      />
      <ul id={listId} role="listbox" aria-label="Vorschläge" className={styles.list} hidden={!showList}>
        {options.map((suggestion, index) => (
          <li
            key={`${suggestion.kind}-${suggestion.name}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={`${styles.option} ${index === active ? styles.active : ''}`}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(suggestion);
            }}
          >
            {suggestion.name}
            <span className={own.count}>
              {suggestion.kind === 'activity' ? 'Tätigkeit · ' : ''}
              {jobsLabel(suggestion.jobs)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}


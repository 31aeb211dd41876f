// "Was?": a free-text field (WAI-ARIA 1.2 combobox) that suggests activities and common words of
// job titles as one types (issue 41, item 13), like "Wo?" suggests towns. Unlike "Wo?" nothing
// needs choosing: a suggestion only completes the text, which the search matches by word starts
// anyway ("Promo" finds the Promotion jobs).
import { useQuery } from '@tanstack/react-query';
import form from '@/shared/ui/form.module.css';
import { suggestionQueryOptions, type SearchSuggestion } from '../api/suggestions';
import { useCombobox, useDebounced } from '../lib/use-combobox';
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
  const term = useDebounced(value.trim(), 150);
  const lastWord = term.split(/\s+/).pop() ?? '';
  const box = useCombobox((suggestion: SearchSuggestion) => onChange(completed(value, suggestion.name)));
  const suggestions = useQuery({ ...suggestionQueryOptions(term), enabled: box.open && lastWord.length >= 2 });
  const options = suggestions.data ?? [];
  const showList = box.open && lastWord.length >= 2 && options.length > 0;
  return (
    <div className={`${form.field} ${styles.root}`}>
      <label htmlFor={box.inputId}>Was?</label>
      <input
        {...box.inputProps(showList, options)}
        type="search"
        value={value}
        maxLength={200}
        onChange={(event) => {
          onChange(event.target.value);
          box.typed();
        }}
        placeholder="Job, Tätigkeit oder Stichwort"
        enterKeyHint="search"
      />
      <ul id={box.listId} role="listbox" aria-label="Vorschläge" className={styles.list} hidden={!showList}>
        {options.map((suggestion, index) => (
          <li
            key={`${suggestion.kind}-${suggestion.name}`}
            {...box.optionProps(index, suggestion)}
            className={`${styles.option} ${index === box.active ? styles.active : ''}`}
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

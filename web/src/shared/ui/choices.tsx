// A type-to-filter group of checkboxes for a long reference list (67 activities, industries, …):
// a filter field above a scrolling box once the list is long, the chosen ones always in view. Used
// by the portal's job editor and the contact and offer forms.
import { useId, useState } from 'react';
import form from './form.module.css';
import styles from './choices.module.css';

/** A field's error under it, with the id its field's aria-describedby names. */
export function ErrorLine({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className={form.error}>
      {error}
    </p>
  ) : null;
}

type ChoicesProps = { legend: string; options: { code: string; name: string }[]; value: string[]; onChange: (value: string[]) => void; error?: string };

/** From this many options on, a type-to-filter field sits above the box (67 activities on a phone). */
export const FILTER_FROM = 12;

/** Lower case without accents, so "cafe" finds "Café". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Several of a reference list (activities, industries, …), as checkboxes in a scrolling box. */
export function Choices({ legend, options, value, onChange, error }: ChoicesProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const toggle = (code: string, on: boolean) => onChange(on ? [...value, code] : value.filter((v) => v !== code));
  const wanted = fold(filter.trim());
  // The chosen ones stay in the box whatever the filter, so a choice never disappears from view.
  const matches = (o: { name: string }) => fold(o.name).includes(wanted);
  const shown = wanted ? options.filter((o) => matches(o) || value.includes(o.code)) : options;
  return (
    <fieldset className={styles.fieldset} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {options.length === 0 && <p className={styles.meta}>Die Auswahl wird geladen …</p>}
      {options.length >= FILTER_FROM && (
        <input
          type="search"
          className={styles.choiceFilter}
          aria-label={`${legend} filtern`}
          placeholder="Zum Filtern tippen …"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      {wanted && !options.some(matches) && <p className={styles.meta}>Keine Treffer für „{filter.trim()}“.</p>}
      <div className={styles.choices}>
        {shown.map((option) => (
          <label key={option.code}>
            <input type="checkbox" checked={value.includes(option.code)} onChange={(e) => toggle(option.code, e.target.checked)} /> {option.name}
          </label>
        ))}
      </div>
      <ErrorLine id={`${id}-error`} error={error} />
    </fieldset>
  );
}

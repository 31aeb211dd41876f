// Form fields the portal's forms need beside the shared TextField: a text area, a select and a
// group of checkboxes, each with its label, its error underneath and the ARIA ties between them;
// and the form's own messages above its buttons.
import { useId, useState, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import form from '@/shared/ui/form.module.css';
import styles from './portal.module.css';
import { RefusalLine } from './refusal-line';

function ErrorLine({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className={form.error}>
      {error}
    </p>
  ) : null;
}

type AreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: ReactNode };

export function TextArea({ label, error, hint, rows = 4, ...area }: AreaProps) {
  const id = useId();
  return (
    <div className={form.field}>
      <label htmlFor={id}>{label}</label>
      {hint}
      <textarea id={id} rows={rows} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...area} />
      <ErrorLine id={`${id}-error`} error={error} />
    </div>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; options: [string, string][]; empty?: string };

export function SelectField({ label, error, options, empty, ...select }: SelectProps) {
  const id = useId();
  return (
    <div className={form.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...select}>
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
      <ErrorLine id={`${id}-error`} error={error} />
    </div>
  );
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

/** What a failed save says about the whole form (first line the summary, then what no field shows). */
export function FormMessages({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <div className={form.error} role="alert">
      {lines.map((line) => (
        <RefusalLine key={line} line={line} />
      ))}
    </div>
  );
}

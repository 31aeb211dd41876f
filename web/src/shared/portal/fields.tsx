// Form fields the portal's forms need beside the shared TextField: a text area, a select and a
// group of checkboxes, each with its label, its error underneath and the ARIA ties between them;
// and the form's own messages above its buttons.
import { useId, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import form from '@/shared/ui/form.module.css';
import { ErrorLine } from '@/shared/ui/choices';
import { RefusalLine } from './refusal-line';

// `ref` reaches the control (React 19 passes it as a prop): React Hook Form reads uncontrolled fields through it.
type AreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: ReactNode; ref?: Ref<HTMLTextAreaElement> };

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

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; options: [string, string][]; empty?: string; ref?: Ref<HTMLSelectElement> };

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

// The type-to-filter checkbox box is shared with the contact and offer forms.
export { Choices, FILTER_FROM } from '@/shared/ui/choices';

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

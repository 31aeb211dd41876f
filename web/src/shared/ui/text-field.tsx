// One labelled form field with its error underneath, tied together for screen readers
// (aria-invalid, aria-describedby). Used by the sign-in, applying and account forms.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import form from './form.module.css';

// `ref` reaches the <input> (React 19 passes it as a prop): React Hook Form reads uncontrolled fields through it.
type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error?: string; after?: ReactNode; ref?: Ref<HTMLInputElement> };

export function TextField({ label, error, after, id, ...input }: Props) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={form.field}>
      <label htmlFor={fieldId}>{label}</label>
      <input id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={error ? `${fieldId}-error` : undefined} {...input} />
      {after}
      {error && (
        <p id={`${fieldId}-error`} className={form.error}>
          {error}
        </p>
      )}
    </div>
  );
}

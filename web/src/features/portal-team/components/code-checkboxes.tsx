// A short list of codes to tick (an API key's scopes, a webhook endpoint's events), each shown with
// its German name and its code (the code is what the provider's system sees), and the field's
// message under the group. The checkboxes are one React Hook Form field (`registration`).
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ErrorLine } from '@/shared/ui/choices';

type Props = {
  legend: string;
  options: readonly { code: string; name: string }[];
  registration: UseFormRegisterReturn;
  error?: string;
};

export function CodeCheckboxes({ legend, options, registration, error }: Props) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.code}>
          <input type="checkbox" value={option.code} {...registration} /> {option.name} (<code>{option.code}</code>)
        </label>
      ))}
      <ErrorLine id={errorId} error={error} />
    </fieldset>
  );
}

// The line under a form that says why the server refused it (useMutationForm's `refusal`): nothing
// while there is no refusal; the server's German message, or `fallback` when it gave none (a
// network error, a 5xx). One element for every form, so each says it the same way (role="alert").
// `ActionFailure` is the same line under a button whose action failed (a mutation outside a form).
import form from '@/shared/ui/form.module.css';

export function FormRefusal({ refusal, fallback = '' }: { refusal: string | undefined; fallback?: string }) {
  if (refusal === undefined) return null;
  return (
    <p className={form.error} role="alert">
      {refusal || fallback}
    </p>
  );
}

/** Nothing while `error` is null (a mutation's `error`); else the failure in `describe`'s words. */
export function ActionFailure({ error, describe }: { error: unknown; describe: (error: unknown) => string }) {
  return error ? <FormRefusal refusal={describe(error)} /> : null;
}

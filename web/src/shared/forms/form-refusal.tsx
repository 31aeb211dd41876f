// The line under a form that says why the server refused it (useMutationForm's `refusal`): nothing
// while there is no refusal; the server's German message, or `fallback` when it gave none (a
// network error, a 5xx). One element for every form, so each says it the same way (role="alert").
import form from '@/shared/ui/form.module.css';

export function FormRefusal({ refusal, fallback = '' }: { refusal: string | undefined; fallback?: string }) {
  if (refusal === undefined) return null;
  return (
    <p className={form.error} role="alert">
      {refusal || fallback}
    </p>
  );
}

// /meine-email-aendern: the new address twice and the current password; PATCH …/change_email
// answers 202, mails a link to the new address, which takes effect when that link is opened
// (/email-bestaetigen/{token}), tells the old address (with a link to undo it) and signs out the
// other devices.
import { useMutation } from '@tanstack/react-query';
import type { CandidateAccount } from '@/shared/auth/use-user';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';
import { email, equals, messages, required } from '@/shared/validation';
import { changeEmail, type EmailChange } from '../api/account';

const SCHEMA = { email: [required, email], emailConfirmation: [required, equals('email', messages.emailEqualsChange)], password: [required] };

export function ChangeEmailPage({ user }: { user: CandidateAccount }) {
  const mutation = useMutation({
    mutationFn: (values: EmailChange) =>
      changeEmail(user.id, { email: values.email.trim(), emailConfirmation: values.emailConfirmation.trim(), password: values.password }),
  });
  const { ref, onSubmit, busy, field, refusal } = useMutationForm({ mutation, defaultValues: { email: '', emailConfirmation: '', password: '' }, rules: SCHEMA });

  if (mutation.isSuccess)
    return <p role="status">Fast geschafft: Wir haben einen Link an {mutation.variables.email.trim()} geschickt. Sobald du ihn öffnest, gilt deine neue E-Mail-Adresse.</p>;
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label="E-Mail-Adresse ändern">
      <p>Deine jetzige E-Mail-Adresse: {user.email}</p>
      <TextField label="Neue E-Mail-Adresse" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Neue E-Mail-Adresse wiederholen" type="email" autoComplete="email" {...field('emailConfirmation')} />
      <TextField label="Dein aktuelles Passwort" type="password" autoComplete="current-password" {...field('password')} />
      {refusal !== undefined && (
        <p className={form.error} role="alert">
          Deine E-Mail-Adresse konnte nicht geändert werden. Bitte versuche es noch einmal.
        </p>
      )}
      <button type="submit" className={form.button} disabled={busy}>
        E-Mail-Adresse ändern
      </button>
    </form>
  );
}

// /meine-email-aendern: the new address twice and the current password; PATCH …/change_email
// answers 202, mails a link to the new address, which takes effect when that link is opened
// (/email-bestaetigen/{token}), tells the old address (with a link to undo it) and signs out the
// other devices.
import { useState, type FormEvent } from 'react';
import type { CandidateAccount } from '@/shared/auth/use-user';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';
import { email, equals, messages, required, serverErrors, validate, type Errors } from '@/shared/validation';
import { changeEmail } from '../api/account';

const SCHEMA = { email: [required, email], emailConfirmation: [required, equals('email', messages.emailEqualsChange)], password: [required] };

export function ChangeEmailPage({ user }: { user: CandidateAccount }) {
  const [values, setValues] = useState({ email: '', emailConfirmation: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState('');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const bind = (name: keyof typeof values) => ({ name, value: values[name], onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })), error: errors[name] });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values, SCHEMA);
    setErrors(found);
    setFailed(false);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await changeEmail(user.id, { email: values.email.trim(), emailConfirmation: values.emailConfirmation.trim(), password: values.password });
      setDone(values.email.trim());
    } catch (failure) {
      const fields = serverErrors(failure);
      setErrors(fields);
      setFailed(Object.keys(fields).length === 0);
    } finally {
      setBusy(false);
    }
  }

  if (done) return <p role="status">Fast geschafft: Wir haben einen Link an {done} geschickt. Sobald du ihn öffnest, gilt deine neue E-Mail-Adresse.</p>;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="E-Mail-Adresse ändern">
      <p>Deine jetzige E-Mail-Adresse: {user.email}</p>
      <TextField label="Neue E-Mail-Adresse" type="email" autoComplete="email" {...bind('email')} />
      <TextField label="Neue E-Mail-Adresse wiederholen" type="email" autoComplete="email" {...bind('emailConfirmation')} />
      <TextField label="Dein aktuelles Passwort" type="password" autoComplete="current-password" {...bind('password')} />
      {failed && (
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

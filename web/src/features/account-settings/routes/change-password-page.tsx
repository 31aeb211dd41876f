// /mein-passwort-aendern: old password, new password (rules ticked off while typing) and its
// repetition; checked with the shared rules, then PATCH …/change_password. Other sessions end,
// this one stays (docs/accounts.md).
import { useState, type FormEvent } from 'react';
import type { CandidateAccount } from '@/shared/auth/use-user';
import form from '@/shared/ui/form.module.css';
import { PasswordChecklist } from '@/shared/ui/password-checklist';
import { TextField } from '@/shared/ui/text-field';
import { differentFrom, equals, messages, password, required, serverErrors, validate, type Errors } from '@/shared/validation';
import { changePassword } from '../api/account';

const SCHEMA = {
  oldPassword: [required],
  password: [password, differentFrom('oldPassword')],
  passwordConfirmation: [required, equals('password', messages.passwordEqualsChange)],
};

export function ChangePasswordPage({ user }: { user: CandidateAccount }) {
  const [values, setValues] = useState({ oldPassword: '', password: '', passwordConfirmation: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const bind = (name: keyof typeof values) => ({ name, value: values[name], onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })), error: errors[name] });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values, SCHEMA);
    setErrors(found);
    if (Object.keys(found).length) return;
    setStatus('busy');
    try {
      await changePassword(user.id, values);
      setValues({ oldPassword: '', password: '', passwordConfirmation: '' });
      setStatus('done');
    } catch (failure) {
      setErrors(serverErrors(failure));
      setStatus('failed');
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Passwort ändern">
      <TextField label="Aktuelles Passwort" type="password" autoComplete="current-password" {...bind('oldPassword')} />
      <TextField label="Neues Passwort" type="password" autoComplete="new-password" {...bind('password')} after={<PasswordChecklist password={values.password} />} />
      <TextField label="Neues Passwort wiederholen" type="password" autoComplete="new-password" {...bind('passwordConfirmation')} />
      {status === 'done' && <p role="status">Dein Passwort wurde geändert. Auf anderen Geräten musst du dich neu anmelden.</p>}
      {status === 'failed' && !Object.keys(errors).some((field) => field in values) && (
        <p className={form.error} role="alert">
          {Object.values(errors).join(' ') || 'Dein Passwort konnte nicht geändert werden. Bitte versuche es noch einmal.'}
        </p>
      )}
      <button type="submit" className={form.button} disabled={status === 'busy'}>
        Passwort ändern
      </button>
    </form>
  );
}

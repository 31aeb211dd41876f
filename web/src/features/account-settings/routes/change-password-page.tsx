// /mein-passwort-aendern: old password, new password (rules ticked off while typing) and its
// repetition; checked with the shared rules, then PATCH …/change_password. Other sessions end,
// this one stays (docs/accounts.md).
import { useMutation } from '@tanstack/react-query';
import type { CandidateAccount } from '@/shared/auth/use-user';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { FormRefusal } from '@/shared/forms/form-refusal';
import form from '@/shared/ui/form.module.css';
import { PasswordChecklist } from '@/shared/ui/password-checklist';
import { TextField } from '@/shared/ui/text-field';
import { differentFrom, equals, messages, password, required } from '@/shared/validation';
import { changePassword, type PasswordChange } from '../api/account';

const SCHEMA = {
  oldPassword: [required],
  password: [password, differentFrom('oldPassword')],
  passwordConfirmation: [required, equals('password', messages.passwordEqualsChange)],
};
const EMPTY: PasswordChange = { oldPassword: '', password: '', passwordConfirmation: '' };

export function ChangePasswordPage({ user }: { user: CandidateAccount }) {
  const mutation = useMutation({ mutationFn: (values: PasswordChange) => changePassword(user.id, values) });
  const { form: state, ref, onSubmit, busy, field, refusal } = useMutationForm({
    mutation,
    defaultValues: EMPTY,
    rules: SCHEMA,
    onSuccess: () => state.reset(EMPTY),
  });

  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label="Passwort ändern">
      <TextField label="Aktuelles Passwort" type="password" autoComplete="current-password" {...field('oldPassword')} />
      <TextField label="Neues Passwort" type="password" autoComplete="new-password" {...field('password')} after={<PasswordChecklist password={state.watch('password')} />} />
      <TextField label="Neues Passwort wiederholen" type="password" autoComplete="new-password" {...field('passwordConfirmation')} />
      {mutation.isSuccess && <p role="status">Dein Passwort wurde geändert. Auf anderen Geräten musst du dich neu anmelden.</p>}
      <FormRefusal refusal={refusal} fallback={'Dein Passwort konnte nicht geändert werden. Bitte versuche es noch einmal.'} />
      <button type="submit" className={form.button} disabled={busy}>
        Passwort ändern
      </button>
    </form>
  );
}

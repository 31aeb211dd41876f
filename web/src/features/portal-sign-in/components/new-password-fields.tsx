// What the portal's pages behind a mailed link share (the providers' password reset, accepting a
// team invitation): the two fields of a new password with the rules' checklist, and the way on to
// the sign-in once the password is saved.
import { Link } from 'react-router';
import form from '@/shared/ui/form.module.css';
import { PasswordChecklist } from '@/shared/ui/password-checklist';
import { TextField } from '@/shared/ui/text-field';
import type { MutationForm } from '@/shared/forms/use-mutation-form';
import { equals, messages, password, required } from '@/shared/validation';
import { portalPath } from '@/shared/portal/paths';

export type NewPassword = { password: string; passwordConfirmation: string };
export const NO_PASSWORD: NewPassword = { password: '', passwordConfirmation: '' };

export const NEW_PASSWORD_SCHEMA = { password: [password], passwordConfirmation: [required, equals('password', messages.passwordEquals)] };

/** The two fields, bound to the page's form (useMutationForm's `field`); `password` is the typed one, for the checklist. */
export function NewPasswordFields({ field, password }: { field: MutationForm<NewPassword>['field']; password: string }) {
  return (
    <>
      <TextField label="Neues Passwort" type="password" autoComplete="new-password" {...field('password')} after={<PasswordChecklist password={password} />} required />
      <TextField label="Passwort wiederholen" type="password" autoComplete="new-password" {...field('passwordConfirmation')} required />
    </>
  );
}

/** The password is saved: `message`, and the link to the portal's sign-in. */
export function SignInNext({ message }: { message: string }) {
  return (
    <>
      <p role="status">{message}</p>
      <p>
        <Link className={form.button} to={portalPath.signIn()}>
          Zur Anmeldung
        </Link>
      </p>
    </>
  );
}

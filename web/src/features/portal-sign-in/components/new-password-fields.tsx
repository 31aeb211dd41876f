// What the portal's pages behind a mailed link share (the providers' password reset, accepting a
// team invitation): the two fields of a new password with the rules' checklist, and the way on to
// the sign-in once the password is saved.
import { Link } from 'react-router';
import form from '@/shared/ui/form.module.css';
import { PasswordChecklist } from '@/shared/ui/password-checklist';
import { TextField } from '@/shared/ui/text-field';
import { equals, messages, password, required, type Errors } from '@/shared/validation';
import { portalPath } from '@/shared/portal/paths';

export type NewPassword = { password: string; passwordConfirmation: string };

export const NEW_PASSWORD_SCHEMA = { password: [password], passwordConfirmation: [required, equals('password', messages.passwordEquals)] };

export function NewPasswordFields({ values, errors, onChange }: { values: NewPassword; errors: Errors; onChange: (values: NewPassword) => void }) {
  return (
    <>
      <TextField
        label="Neues Passwort"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => onChange({ ...values, password: e.target.value })}
        error={errors.password}
        after={<PasswordChecklist password={values.password} />}
        required
      />
      <TextField
        label="Passwort wiederholen"
        name="passwordConfirmation"
        type="password"
        autoComplete="new-password"
        value={values.passwordConfirmation}
        onChange={(e) => onChange({ ...values, passwordConfirmation: e.target.value })}
        error={errors.passwordConfirmation}
        required
      />
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

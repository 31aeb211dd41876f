// The two fields of a new password (with the rules' checklist) that the portal's pages behind a
// mailed link share: the providers' password reset and accepting a team invitation.
import { PasswordChecklist } from '@/shared/ui/password-checklist';
import { TextField } from '@/shared/ui/text-field';
import { equals, messages, password, required, type Errors } from '@/shared/validation';

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

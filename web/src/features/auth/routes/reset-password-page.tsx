// /passwort-zuruecksetzen/{token}: the link of the reset mail. The token is checked first
// (GET …/validate_password_reset_token/{token} → the account id); then a new password (rules
// ticked off while typing) is set with PATCH /candidate_accounts/{id}/password. All sessions end,
// so the candidate signs in afresh with the new password. /passwort-festlegen/{token} (the first
// password of an account registered without one) is the same page: the server takes both tokens.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '@/shared/api/client';
import { mailedLinkKeys } from '../api/keys';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { PasswordChecklist } from '@/shared/ui/password-checklist';
import { TextField } from '@/shared/ui/text-field';
import { equals, messages, password, required, serverErrors } from '@/shared/validation';
import styles from '@/shared/ui/mailed-link-page.module.css';

type NewPassword = { password: string; passwordConfirmation: string };
const SCHEMA = { password: [password], passwordConfirmation: [required, equals('password', messages.passwordEquals)] };

export function ResetPasswordPage({ first = false }: { first?: boolean }) {
  const { token = '' } = useParams();
  const heading = first ? 'Passwort festlegen' : 'Neues Passwort festlegen';
  usePageTitle(heading);
  const check = useQuery({
    queryKey: mailedLinkKeys.resetToken(token),
    queryFn: () => api.get<{ id: number; valid: boolean }>(`/candidate_accounts/validate_password_reset_token/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
  });
  const mutation = useMutation({
    mutationFn: (values: NewPassword) =>
      // The form shows only once the token is known good (check.data), so the id is there.
      api.patch(`/candidate_accounts/${check.data?.id ?? 0}/password`, { token, ...values }, { headers: { 'Content-Type': 'application/json' } }),
  });
  const { form: state, ref, onSubmit, busy, field } = useMutationForm({
    mutation,
    defaultValues: { password: '', passwordConfirmation: '' },
    rules: SCHEMA,
  });
  // A refusal without violations: the token was used up or has expired meanwhile.
  const invalid = mutation.isError && Object.keys(serverErrors(mutation.error)).length === 0;

  if (check.isPending) return <PageLoading />;
  return (
    <div className={styles.page}>
      <h1>{heading}</h1>
      {(check.isError || invalid) && (
        <>
          <p role="alert">Dieser Link ist ungültig oder abgelaufen.</p>
          <p>
            <Link to="/?login=1">Fordere beim Anmelden über „Passwort vergessen?“ einen neuen Link an.</Link>
          </p>
        </>
      )}
      {check.isSuccess && mutation.isSuccess && (
        <>
          <p role="status">{first ? 'Dein Passwort ist gespeichert und deine E-Mail-Adresse bestätigt.' : 'Dein neues Passwort ist gespeichert.'} Melde dich jetzt damit an.</p>
          <p>
            <Link className={form.yellow} to="/?login=1">
              Anmelden
            </Link>
          </p>
        </>
      )}
      {check.isSuccess && !mutation.isSuccess && !invalid && (
        <form ref={ref} onSubmit={onSubmit} noValidate aria-label={heading}>
          <TextField label="Neues Passwort" type="password" autoComplete="new-password" {...field('password')} after={<PasswordChecklist password={state.watch('password')} />} />
          <TextField label="Neues Passwort wiederholen" type="password" autoComplete="new-password" {...field('passwordConfirmation')} />
          <button type="submit" className={form.button} disabled={busy}>
            Passwort speichern
          </button>
        </form>
      )}
    </div>
  );
}

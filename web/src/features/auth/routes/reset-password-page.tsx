// /passwort-zuruecksetzen/{token}: the link of the reset mail. The token is checked first
// (GET …/validate_password_reset_token/{token} → the account id); then a new password (rules
// ticked off while typing) is set with PATCH /candidate_accounts/{id}/password. All sessions end,
// so the candidate signs in afresh with the new password. /passwort-festlegen/{token} (the first
// password of an account registered without one) is the same page: the server takes both tokens.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '@/shared/api/client';
import { mailedLinkKeys } from '../api/keys';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { PasswordChecklist } from '@/shared/ui/password-checklist';
import { TextField } from '@/shared/ui/text-field';
import { equals, messages, password, required, serverErrors, validate, type Errors } from '@/shared/validation';
import styles from '@/shared/ui/mailed-link-page.module.css';

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
  const [values, setValues] = useState({ password: '', passwordConfirmation: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'form' | 'busy' | 'done' | 'invalid'>('form');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values, SCHEMA);
    setErrors(found);
    if (Object.keys(found).length || !check.data) return;
    setState('busy');
    try {
      await api.patch(`/candidate_accounts/${check.data.id}/password`, { token, ...values }, { headers: { 'Content-Type': 'application/json' } });
      setState('done');
    } catch (failure) {
      const fields = serverErrors(failure);
      setErrors(fields);
      setState(Object.keys(fields).length ? 'form' : 'invalid');
    }
  }

  if (check.isPending) return <PageLoading />;
  return (
    <div className={styles.page}>
      <h1>{heading}</h1>
      {(check.isError || state === 'invalid') && (
        <>
          <p role="alert">Dieser Link ist ungültig oder abgelaufen.</p>
          <p>
            <Link to="/?login=1">Fordere beim Anmelden über „Passwort vergessen?“ einen neuen Link an.</Link>
          </p>
        </>
      )}
      {check.isSuccess && state === 'done' && (
        <>
          <p role="status">{first ? 'Dein Passwort ist gespeichert und deine E-Mail-Adresse bestätigt.' : 'Dein neues Passwort ist gespeichert.'} Melde dich jetzt damit an.</p>
          <p>
            <Link className={form.yellow} to="/?login=1">
              Anmelden
            </Link>
          </p>
        </>
      )}
      {check.isSuccess && (state === 'form' || state === 'busy') && (
        <form onSubmit={onSubmit} noValidate aria-label={heading}>
          <TextField
            label="Neues Passwort"
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
            error={errors.password}
            after={<PasswordChecklist password={values.password} />}
          />
          <TextField
            label="Neues Passwort wiederholen"
            name="passwordConfirmation"
            type="password"
            autoComplete="new-password"
            value={values.passwordConfirmation}
            onChange={(e) => setValues((v) => ({ ...v, passwordConfirmation: e.target.value }))}
            error={errors.passwordConfirmation}
          />
          <button type="submit" className={form.button} disabled={state === 'busy'}>
            Passwort speichern
          </button>
        </form>
      )}
    </div>
  );
}

// /recruiting/portal/passwort-zuruecksetzen/{token}: the link of the providers' reset mail ("Sie").
// The token is checked first, then the new password is set (PATCH /candidate_accounts/{id}/password,
// the same route as candidates; it confirms the address too); afterwards the person signs in to the
// portal. The team invitation's link has its own page (invitation-page.tsx): no account exists
// before it is accepted.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { validate, type Errors } from '@/shared/validation';
import { passwordTokenQueryOptions, useSetPassword } from '../api/access';
import { NEW_PASSWORD_SCHEMA, NewPasswordFields, SignInNext } from '../components/new-password-fields';
import styles from '@/shared/portal/portal.module.css';
import { fieldErrors, providerMessage } from '@/shared/portal/messages';
import { portalPath } from '@/shared/portal/paths';

const TEXT = {
  reset: {
    heading: 'Neues Passwort festlegen',
    intro: 'Legen Sie ein neues Passwort für Ihr Unternehmenskonto fest.',
    done: 'Ihr neues Passwort ist gespeichert. Melden Sie sich jetzt damit an.',
    invalid: 'Dieser Link ist ungültig oder abgelaufen. Sie können einen neuen Link anfordern.',
  },
} as const;

export function SetPasswordPage({ kind }: { kind: keyof typeof TEXT }) {
  const text = TEXT[kind];
  usePageTitle(text.heading);
  const { token = '' } = useParams();
  const check = useQuery({ ...passwordTokenQueryOptions(token), staleTime: Infinity });
  const save = useSetPassword();
  const [values, setValues] = useState({ password: '', passwordConfirmation: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values, NEW_PASSWORD_SCHEMA);
    setErrors(found);
    setError('');
    if (Object.keys(found).length || !check.data) return;
    save.mutate(
      { id: check.data.id, token, ...values },
      {
        onError: (failure) => {
          const fields = fieldErrors(failure);
          setErrors(fields);
          if (!Object.keys(fields).length) setError(providerMessage(failure, text.invalid));
        },
      },
    );
  }

  if (check.isPending) return <PageLoading />;
  return (
    <div className={styles.narrow}>
      <h1>{text.heading}</h1>
      {check.isError && (
        <>
          <p role="alert">{text.invalid}</p>
          {kind === 'reset' && (
            <p>
              <Link to={portalPath.forgotPassword()}>Neuen Link anfordern</Link>
            </p>
          )}
        </>
      )}
      {check.isSuccess && save.isSuccess && <SignInNext message={text.done} />}
      {check.isSuccess && !save.isSuccess && (
        <form className={styles.form} onSubmit={submit} noValidate aria-label={text.heading}>
          <p>{text.intro}</p>
          <NewPasswordFields values={values} errors={errors} onChange={setValues} />
          {error && (
            <p className={form.error} role="alert">
              {error}
            </p>
          )}
          <div>
            <button className={form.button} type="submit" disabled={save.isPending}>
              {save.isPending ? 'Wird gespeichert …' : 'Passwort speichern'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

export const ProviderResetPasswordPage = () => <SetPasswordPage kind="reset" />;

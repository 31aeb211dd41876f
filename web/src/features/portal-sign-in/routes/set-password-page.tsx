// /recruiting/portal/passwort-zuruecksetzen/{token}: the link of the providers' reset mail ("Sie").
// The token is checked first, then the new password is set (PATCH /candidate_accounts/{id}/password,
// the same route as candidates; it confirms the address too); afterwards the person signs in to the
// portal. The team invitation's link has its own page (invitation-page.tsx): no account exists
// before it is accepted.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { FormRefusal } from '@/shared/forms/form-refusal';
import { passwordTokenQueryOptions, useSetPassword } from '../api/access';
import { NEW_PASSWORD_SCHEMA, NO_PASSWORD, NewPasswordFields, SignInNext, type NewPassword } from '../components/new-password-fields';
import styles from '@/shared/portal/portal.module.css';
import { providerMessage } from '@/shared/portal/messages';
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
  const { form: state, ref, onSubmit, field, refusal } = useMutationForm<NewPassword>({
    // The form shows only once the token is known good (check.data), so the id is there.
    mutation: { isPending: save.isPending, mutateAsync: (values) => save.mutateAsync({ id: check.data?.id ?? 0, token, ...values }) },
    defaultValues: NO_PASSWORD,
    rules: NEW_PASSWORD_SCHEMA,
    describe: (failure) => providerMessage(failure, text.invalid),
  });

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
        <form ref={ref} className={styles.form} onSubmit={onSubmit} noValidate aria-label={text.heading}>
          <p>{text.intro}</p>
          <NewPasswordFields field={field} password={state.watch('password')} />
          <FormRefusal refusal={refusal} />
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

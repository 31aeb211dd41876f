// /recruiting/portal/anmelden: providers sign in with the same POST /api/login as candidates; the
// account's role decides what follows. A member goes on to the page it came from (?weiter=) or the
// dashboard; a candidate account is told that this login is for providers. The welcome mail's
// confirmation link lands here (?bestaetigt=<review state>, issue 41 item 3): the page says that the
// address is confirmed and what the review means; a member already signed in reads it as a notice.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { PageLoading } from '@/shared/ui/page-loading';
import { TextField } from '@/shared/ui/text-field';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { email as emailRule, required } from '@/shared/validation';
import { memberQueryOptions, useProviderLogin } from '@/shared/portal/member';
import styles from '@/shared/portal/portal.module.css';
import { providerMessage } from '@/shared/portal/messages';
import { portalPath, safeNext } from '@/shared/portal/paths';
import { ADDRESS_CONFIRMED, REVIEW_NEXT } from '../lib/review-state';

type Credentials = { email: string; password: string };
const NOT_SIGNED_IN = 'Die Anmeldung hat nicht geklappt. Bitte versuchen Sie es noch einmal.';
const NOT_PROVIDER = 'Diese E-Mail-Adresse gehört zu einem Konto für Jobsuchende. Bitte melden Sie sich mit der Adresse Ihres Jobanbieter-Kontos an.';

export function SignInPage() {
  usePageTitle('Login für Jobanbieter');
  const [params] = useSearchParams();
  const next = safeNext(params.get('weiter'));
  const navigate = useNavigate();
  const member = useQuery(memberQueryOptions());
  const login = useProviderLogin();
  const { ref, onSubmit, field, refusal } = useMutationForm({
    mutation: {
      isPending: login.isPending,
      mutateAsync: (values: Credentials) => login.mutateAsync({ email: values.email.trim(), password: values.password }),
    },
    defaultValues: { email: '', password: '' },
    rules: { email: [required, emailRule], password: [required] },
    onSuccess: (answer) => {
      if (answer.kind === 'member') void navigate(next, { replace: true });
    },
    describe: (failure) => providerMessage(failure, NOT_SIGNED_IN),
  });
  // Signed in, but not as a provider (or not at all): said on the form's line, as a refusal is.
  const answered = login.isSuccess && login.data.kind !== 'member' ? (login.data.kind === 'notProvider' ? NOT_PROVIDER : NOT_SIGNED_IN) : undefined;
  const error = refusal ?? answered;
  const confirmedState = params.get('bestaetigt');
  const reviewNext = confirmedState ? REVIEW_NEXT[confirmedState] : undefined;
  const signedIn = member.data?.kind === 'member';
  useEffect(() => {
    // Signed in already: the portal's frame shows the review's state; the confirmation is a notice.
    if (confirmedState !== null && signedIn) notify({ message: ADDRESS_CONFIRMED, color: 'success', timeout: 8000 });
  }, [confirmedState, signedIn]);

  if (member.isPending) return <PageLoading />;
  if (member.data?.kind === 'member' && !login.isPending) return <Navigate to={next} replace />;

  return (
    <div className={styles.narrow}>
      <h1>Login für Jobanbieter</h1>
      {confirmedState !== null && <p role="status">{ADDRESS_CONFIRMED}</p>}
      {reviewNext && <p>{reviewNext}</p>}
      <p>Melden Sie sich an, um Ihre Stellenanzeigen und Ihr Unternehmensprofil zu verwalten.</p>
      <form ref={ref} className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField label="E-Mail-Adresse" type="email" autoComplete="email" {...field('email')} required />
        <TextField label="Passwort" type="password" autoComplete="current-password" {...field('password')} required />
        {error !== undefined && (
          <p className={form.error} role="alert">
            {error}
          </p>
        )}
        <div>
          <button className={form.button} type="submit" disabled={login.isPending}>
            {login.isPending ? 'Wird angemeldet …' : 'Anmelden'}
          </button>
        </div>
      </form>
      <p>
        <Link to={portalPath.forgotPassword()}>Passwort vergessen?</Link>
      </p>
      <p>
        Noch kein Konto? <Link to="/recruiting?registration=1">Jetzt kostenlos registrieren</Link>
      </p>
    </div>
  );
}

// /recruiting/portal/anmelden: providers sign in with the same POST /api/login as candidates; the
// account's role decides what follows. A member goes on to the page it came from (?weiter=) or the
// dashboard; a candidate account is told that this login is for providers. The welcome mail's
// confirmation link lands here (?bestaetigt=<review state>, issue 41 item 3): the page says that the
// address is confirmed and what the review means; a member already signed in reads it as a notice.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { PageLoading } from '@/shared/ui/page-loading';
import { TextField } from '@/shared/ui/text-field';
import { email as emailRule, required, validate, type Errors } from '@/shared/validation';
import { memberQueryOptions, useProviderLogin } from '@/shared/portal/member';
import styles from '@/shared/portal/portal.module.css';
import { fieldErrors, providerMessage } from '@/shared/portal/messages';
import { portalPath, safeNext } from '@/shared/portal/paths';
import { ADDRESS_CONFIRMED, REVIEW_NEXT } from '../lib/review-state';

export function SignInPage() {
  usePageTitle('Login für Jobanbieter');
  const [params] = useSearchParams();
  const next = safeNext(params.get('weiter'));
  const navigate = useNavigate();
  const member = useQuery(memberQueryOptions());
  const login = useProviderLogin();
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState('');
  const confirmedState = params.get('bestaetigt');
  const reviewNext = confirmedState ? REVIEW_NEXT[confirmedState] : undefined;
  const signedIn = member.data?.kind === 'member';
  useEffect(() => {
    // Signed in already: the portal's frame shows the review's state; the confirmation is a notice.
    if (confirmedState !== null && signedIn) notify({ message: ADDRESS_CONFIRMED, color: 'success', timeout: 8000 });
  }, [confirmedState, signedIn]);

  if (member.isPending) return <PageLoading />;
  if (member.data?.kind === 'member' && !login.isPending) return <Navigate to={next} replace />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const credentials = { email: (values.email ?? '').trim(), password: values.password ?? '' };
    const found = validate(credentials, { email: [required, emailRule], password: [required] });
    setErrors(found);
    setError('');
    if (Object.keys(found).length) return;
    login.mutate(credentials, {
      onSuccess: (answer) => {
        if (answer.kind === 'member') void navigate(next, { replace: true });
        else if (answer.kind === 'notProvider')
          setError('Diese E-Mail-Adresse gehört zu einem Konto für Jobsuchende. Bitte melden Sie sich mit der Adresse Ihres Jobanbieter-Kontos an.');
        else setError('Die Anmeldung hat nicht geklappt. Bitte versuchen Sie es noch einmal.');
      },
      onError: (failure) => {
        setErrors(fieldErrors(failure));
        setError(providerMessage(failure, 'Die Anmeldung hat nicht geklappt. Bitte versuchen Sie es noch einmal.'));
      },
    });
  }

  return (
    <div className={styles.narrow}>
      <h1>Login für Jobanbieter</h1>
      {confirmedState !== null && <p role="status">{ADDRESS_CONFIRMED}</p>}
      {reviewNext && <p>{reviewNext}</p>}
      <p>Melden Sie sich an, um Ihre Stellenanzeigen und Ihr Unternehmensprofil zu verwalten.</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField label="E-Mail-Adresse" name="email" type="email" autoComplete="email" error={errors.email} required />
        <TextField label="Passwort" name="password" type="password" autoComplete="current-password" error={errors.password} required />
        {error && (
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

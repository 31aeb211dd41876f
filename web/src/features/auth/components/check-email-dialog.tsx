// The sign-in dialog of the candidate app bar: first the e-mail address (POST
// /candidate_profiles/email_check), then, depending on the answer, the password (login), a short
// registration form, or a pointer to the organization portal.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { api } from '@/shared/api/client';
import { config } from '@/shared/lib/config';
import { track } from '@/shared/tracking/track';
import { Dialog } from '@/shared/ui/dialog';
import form from '@/shared/ui/form.module.css';
import { authKeys } from '@/shared/auth/keys';
import { checkEmail, useLogin, type EmailCheck } from '../api/login';
import { errorMessage } from '../lib/error-message';

type Props = { open: boolean; onClose: () => void; onSignedIn?: () => void };

const EMAIL_PATTERN = /^[^\s@äöüÄÖÜß]+@[^\s@äöüÄÖÜß]+\.[^\s@äöüÄÖÜß]+$/;

export function CheckEmailDialog({ open, onClose, onSignedIn }: Props) {
  const [step, setStep] = useState<EmailCheck | null>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const login = useLogin();
  const queryClient = useQueryClient();

  const close = () => {
    setStep(null);
    setError('');
    onClose();
  };

  async function onEmail(event: FormEvent) {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) {
      setError('Dieses Feld muss eine gültige E-Mail Adresse sein');
      return;
    }
    setBusy(true);
    setError('');
    try {
      setStep(await checkEmail(email.trim()));
    } catch (failure) {
      setError(errorMessage(failure, 'Das hat leider nicht geklappt. Bitte versuche es noch einmal.'));
    } finally {
      setBusy(false);
    }
  }

  async function onPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setError('');
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          track('logged_in');
          close();
          onSignedIn?.();
        },
        onError: (failure) => setError(errorMessage(failure, 'Die Anmeldung hat nicht geklappt.')),
      },
    );
  }

  async function onRegister(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setBusy(true);
    setError('');
    try {
      await api.post('/candidate_profiles/register', { ...data, email: email.trim(), query: window.location.search });
      await queryClient.invalidateQueries({ queryKey: authKeys.all });
      track('registered', { flow: 'registration' });
      close();
      onSignedIn?.();
    } catch (failure) {
      setError(errorMessage(failure, 'Die Registrierung hat nicht geklappt.'));
    } finally {
      setBusy(false);
    }
  }

  const errorLine = error ? (
    <p className={form.error} role="alert">
      {error}
    </p>
  ) : null;

  return (
    <Dialog open={open} onClose={close} title={step?.next === 'registration' ? 'Kostenlos registrieren' : 'Anmelden oder registrieren'}>
      {!step && (
        <form onSubmit={onEmail} noValidate>
          <p>Gib deine E-Mail-Adresse ein. Wir prüfen, ob du schon ein Konto hast.</p>
          <div className={form.field}>
            <label htmlFor={`${id}-email`}>E-Mail-Adresse</label>
            <input id={`${id}-email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
          </div>
          {errorLine}
          <button className={form.button} type="submit" disabled={busy}>
            Weiter
          </button>
        </form>
      )}
      {step?.next === 'login' && (
        <form onSubmit={onPassword}>
          <p>Willkommen zurück! Melde dich mit deinem Passwort an ({email}).</p>
          <div className={form.field}>
            <label htmlFor={`${id}-password`}>Passwort</label>
            <input id={`${id}-password`} name="password" type="password" autoComplete="current-password" required />
          </div>
          {errorLine}
          <div className={form.row}>
            <button className={form.button} type="submit" disabled={login.isPending}>
              Anmelden
            </button>
            <button className={form.secondary} type="button" onClick={() => setStep(null)}>
              Andere E-Mail-Adresse
            </button>
          </div>
        </form>
      )}
      {step?.next === 'registration' && (
        <form onSubmit={onRegister}>
          <p>Für {email} gibt es noch kein Konto. Leg jetzt kostenlos eines an.</p>
          <div className={form.field}>
            <label htmlFor={`${id}-first`}>Vorname</label>
            <input id={`${id}-first`} name="firstName" autoComplete="given-name" required />
          </div>
          <div className={form.field}>
            <label htmlFor={`${id}-last`}>Nachname</label>
            <input id={`${id}-last`} name="lastName" autoComplete="family-name" required />
          </div>
          <div className={form.field}>
            <label htmlFor={`${id}-new`}>Passwort (mindestens 8 Zeichen)</label>
            <input id={`${id}-new`} name="password" type="password" autoComplete="new-password" minLength={8} required />
          </div>
          <div className={form.field}>
            <label htmlFor={`${id}-repeat`}>Passwort wiederholen</label>
            <input id={`${id}-repeat`} name="passwordConfirmation" type="password" autoComplete="new-password" minLength={8} required />
          </div>
          {errorLine}
          <div className={form.row}>
            <button className={form.button} type="submit" disabled={busy}>
              Registrieren
            </button>
            <button className={form.secondary} type="button" onClick={() => setStep(null)}>
              Zurück
            </button>
          </div>
        </form>
      )}
      {step?.next === 'organization_login' && (
        <div>
          <p>Diese E-Mail-Adresse gehört zu einem Jobanbieter-Konto. Jobanbieter melden sich im Jobhafen-Portal an.</p>
          <a className={form.button} href={config.organizationPortalUrl}>
            Zum Jobanbieter-Login
          </a>
        </div>
      )}
    </Dialog>
  );
}

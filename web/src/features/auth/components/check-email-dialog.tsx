// The sign-in dialog of the candidate app bar: first the e-mail address (POST
// /candidate_profiles/email_check), then, depending on the answer, the password (login, with
// "Passwort vergessen?"), the registration form (password rules ticked off while typing), or a
// pointer to the organization portal. Social sign-in offers the providers the server has set up.
// With a saved application (SavedApplyJob) registration sends it along (register_and_apply_on_job),
// with the shifts picked on the application page and, with shifts, the birth date (the rules for
// minors, docs/fair-play.md); a refused shift shows the server's message. The application's source
// (utm_*, the referring site) comes from the page's URL, where the flow carries it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useReferenceList } from '@/shared/api/reference-lists';
import { authKeys } from '@/shared/auth/keys';
import { config } from '@/shared/lib/config';
import { readSavedApplication, saveApplication } from '@/shared/lib/saved-application';
import { LANGUAGE_LEVELS_HIGHEST_FIRST } from '@/shared/lib/sedcard-options';
import { flowSource, sourceBody } from '@/shared/tracking/application-source';
import { track, trackFlow } from '@/shared/tracking/track';
import { Dialog } from '@/shared/ui/dialog';
import form from '@/shared/ui/form.module.css';
import { PasswordChecklist } from '@/shared/ui/password-checklist';
import { TextField } from '@/shared/ui/text-field';
import { email as emailRule, equals, messages, password as passwordRule, required, serverErrors, validate, type Errors } from '@/shared/validation';
import { checkEmail, register, registerAndApply, requestPasswordReset, useLogin, type EmailCheck } from '../api/login';
import { errorMessage } from '@/shared/api/error-message';
import { oauthProvidersQueryOptions } from '../api/oauth-providers';

export type SignedInBy = 'login' | 'registration';
type Props = { open: boolean; onClose: () => void; onSignedIn?: (by: SignedInBy) => void };
type Step = EmailCheck['next'] | 'email' | 'forgot' | 'forgotSent';

const PROVIDER_NAMES: Record<string, string> = { apple: 'Apple', facebook: 'Facebook', google: 'Google', microsoft: 'Microsoft' };

const REGISTRATION = {
  firstName: [required],
  lastName: [required],
  password: [passwordRule],
  passwordConfirmation: [required, equals('password', messages.passwordEquals)],
};
/** Registering together with an application needs at least one language (spec section 5). */
const REGISTRATION_WITH_APPLICATION = { ...REGISTRATION, language: [required], languageLevel: [required] };


/** The query of the page as the object the registration calls read (campaign data). */
const currentQuery = () => Object.fromEntries(new URLSearchParams(window.location.search));
const pendingApplication = () => {
  const saved = readSavedApplication();
  return saved && !saved.registered ? saved : null;
};

export function CheckEmailDialog({ open, onClose, onSignedIn }: Props) {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const login = useLogin();
  // The page's address carries where the visitor came from (the router's, so tests see it too).
  const location = useLocation();
  const queryClient = useQueryClient();
  const providers = useQuery({
    ...oauthProvidersQueryOptions(),
    enabled: open,
    staleTime: Infinity,
  });

  const languages = useReferenceList('languages');
  const withApplication = step === 'registration' && pendingApplication() !== null;
  const withShifts = withApplication && (pendingApplication()?.shifts ?? []).length > 0;

  // The registration dialog's own events, and the flow of a visitor who pressed "Bewerben".
  useEffect(() => {
    if (!open) return;
    const saved = pendingApplication();
    track('registration_dialog', { step: 'opened' });
    track('registration_dialog', { step: 'step_started', type: 'email' });
    if (saved) trackFlow('registration_before_application', 'started', { jobPostingId: saved.id });
  }, [open]);

  const go = (next: Step) => {
    setStep(next);
    setError('');
    setErrors({});
    if (open) track('registration_dialog', { step: 'step_started', type: next });
    const saved = pendingApplication();
    if (next === 'registration' && saved) trackFlow('registration_and_application', 'started', { jobPostingId: saved.id });
    if (step === 'registration' && next === 'email' && saved) trackFlow('registration_and_application', 'back', { jobPostingId: saved.id });
  };
  const close = () => {
    track('registration_dialog', { step: 'step_closed', type: step });
    const saved = pendingApplication();
    if (saved) trackFlow(step === 'registration' ? 'registration_and_application' : 'registration_before_application', 'closed', { jobPostingId: saved.id });
    setStep('email');
    setError('');
    setErrors({});
    onClose();
  };
  const done = (by: SignedInBy) => {
    const saved = readSavedApplication();
    if (saved && by === 'login') trackFlow('registration_before_application', 'finished', { jobPostingId: saved.id });
    setStep('email');
    onSignedIn?.(by);
  };

  async function onEmail(event: FormEvent) {
    event.preventDefault();
    const found = validate({ email: email.trim() }, { email: [required, emailRule] });
    setErrors(found);
    if (found.email) return;
    setBusy(true);
    setError('');
    try {
      go((await checkEmail(email.trim())).next);
    } catch (failure) {
      setErrors(serverErrors(failure));
      setError(errorMessage(failure, 'Das hat leider nicht geklappt. Bitte versuche es noch einmal.'));
    } finally {
      setBusy(false);
    }
  }

  function onPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setError('');
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          track('logged_in');
          done('login');
        },
        onError: (failure) => setError(errorMessage(failure, 'Die Anmeldung hat nicht geklappt.')),
      },
    );
  }

  async function onRegister(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const found = validate(values, withApplication ? REGISTRATION_WITH_APPLICATION : REGISTRATION);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setError('');
    const body = {
      email: email.trim(),
      firstName: values.firstName ?? '',
      lastName: values.lastName ?? '',
      password: values.password ?? '',
      passwordConfirmation: values.passwordConfirmation ?? '',
      newsletter: values.newsletter === 'on',
      query: currentQuery(),
    };
    try {
      const saved = readSavedApplication();
      if (saved && !saved.registered) {
        const spoken = [{ language: values.language ?? '', level: values.languageLevel ?? '' }];
        const shifts = saved.shifts ?? [];
        const source = sourceBody(flowSource(location.search));
        const application = {
          jobPosting: saved.id,
          notes: saved.notes ?? '',
          locations: saved.locations ?? [],
          languages: spoken,
          ...(source ? { source } : {}),
        };
        await registerAndApply(
          shifts.length > 0 ? { ...body, ...application, shifts, birthDate: values.birthDate ?? '' } : { ...body, ...application },
        );
        saveApplication({ ...saved, registered: true });
        track('registered', { flow: 'registration_and_application', jobPostingId: saved.id });
        if (shifts.length > 0) track('shift_chosen', { jobPostingId: saved.id, shiftIds: shifts });
        trackFlow('registration_and_application', 'finished', { jobPostingId: saved.id });
      } else {
        await register(body);
        track('registered', { flow: 'registration' });
      }
      await queryClient.invalidateQueries({ queryKey: authKeys.me() });
      done('registration');
    } catch (failure) {
      const fields = serverErrors(failure);
      setErrors(fields);
      setError(Object.keys(fields).length ? '' : errorMessage(failure, 'Die Registrierung hat nicht geklappt.'));
    } finally {
      setBusy(false);
    }
  }

  async function onForgot(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await requestPasswordReset(email.trim());
      track('forgot_password');
      go('forgotSent');
    } catch (failure) {
      setError(errorMessage(failure, 'Das hat leider nicht geklappt. Bitte versuche es später noch einmal.'));
    } finally {
      setBusy(false);
    }
  }

  const errorLine = error ? (
    <p className={form.error} role="alert">
      {error}
    </p>
  ) : null;
  const list = providers.data?.providers ?? [];
  const social =
    list.length > 0 ? (
      <div className={form.row} aria-label="Mit einem anderen Dienst anmelden" role="group">
        {list.map((provider) => (
          <a key={provider} className={form.secondary} href={`/api/oauth/${step === 'registration' ? 'register' : 'login'}/${provider}${window.location.search}`}>
            Weiter mit {PROVIDER_NAMES[provider] ?? provider}
          </a>
        ))}
      </div>
    ) : null;
  const title =
    step === 'registration' ? 'Kostenlos registrieren' : step === 'forgot' || step === 'forgotSent' ? 'Passwort vergessen' : 'Anmelden oder registrieren';

  return (
    <Dialog open={open} onClose={close} title={title}>
      {step === 'email' && (
        <form onSubmit={onEmail} noValidate>
          <p>Gib deine E-Mail-Adresse ein. Wir prüfen, ob du schon ein Konto hast.</p>
          <TextField label="E-Mail-Adresse" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required />
          {errorLine}
          <button className={form.button} type="submit" disabled={busy}>
            Weiter
          </button>
          {social}
        </form>
      )}
      {step === 'login' && (
        <form onSubmit={onPassword}>
          <p>Willkommen zurück! Melde dich mit deinem Passwort an ({email}).</p>
          <TextField label="Passwort" name="password" type="password" autoComplete="current-password" required />
          {errorLine}
          <div className={form.row}>
            <button className={form.button} type="submit" disabled={login.isPending}>
              Anmelden
            </button>
            <button className={form.secondary} type="button" onClick={() => go('forgot')}>
              Passwort vergessen?
            </button>
            <button className={form.secondary} type="button" onClick={() => go('email')}>
              Andere E-Mail-Adresse
            </button>
          </div>
        </form>
      )}
      {step === 'registration' && (
        <form onSubmit={onRegister} noValidate>
          <p>Für {email} gibt es noch kein Konto. Leg jetzt kostenlos eines an.</p>
          {readSavedApplication() && !readSavedApplication()?.registered && (
            <p>Deine Bewerbung auf „{readSavedApplication()?.title}“ schicken wir mit – sobald du deine E-Mail-Adresse bestätigt hast, geht sie an den Jobanbieter.</p>
          )}
          <TextField label="Vorname" name="firstName" autoComplete="given-name" error={errors.firstName} required />
          <TextField label="Nachname" name="lastName" autoComplete="family-name" error={errors.lastName} required />
          <TextField
            label="Passwort (mindestens 8 Zeichen)"
            name="password"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            error={errors.password}
            required
            after={<PasswordChecklist password={newPassword} />}
          />
          <TextField label="Passwort wiederholen" name="passwordConfirmation" type="password" autoComplete="new-password" error={errors.passwordConfirmation} required />
          {withApplication && <LanguageFields languages={languages} errors={errors} />}
          {withShifts && <TextField label="Geburtsdatum" name="birthDate" type="date" error={errors.birthDate} required />}
          {withShifts && errors.shifts && (
            <p className={form.error} role="alert">
              {errors.shifts}
            </p>
          )}
          <label>
            <input type="checkbox" name="newsletter" /> Ich möchte den Jobhafen-Newsletter bekommen.
          </label>
          {errorLine}
          <div className={form.row}>
            <button className={form.button} type="submit" disabled={busy}>
              Registrieren
            </button>
            <button className={form.secondary} type="button" onClick={() => go('email')}>
              Zurück
            </button>
          </div>
          {social}
        </form>
      )}
      {step === 'forgot' && (
        <form onSubmit={onForgot}>
          <p>Wir schicken dir einen Link an {email}, mit dem du ein neues Passwort festlegen kannst.</p>
          {errorLine}
          <div className={form.row}>
            <button className={form.button} type="submit" disabled={busy}>
              Link senden
            </button>
            <button className={form.secondary} type="button" onClick={() => go('login')}>
              Zurück
            </button>
          </div>
        </form>
      )}
      {step === 'forgotSent' && (
        <div>
          <p role="status">Wenn es ein Konto zu {email} gibt, haben wir dir eine E-Mail mit einem Link geschickt. Der Link ist begrenzt gültig.</p>
          <button className={form.button} type="button" onClick={close}>
            Schließen
          </button>
        </div>
      )}
      {step === 'organization_login' && (
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

/** The language a candidate registering together with an application speaks, with the level. */
function LanguageFields({ languages, errors }: { languages: { code: string; name: string }[]; errors: Errors }) {
  const error = errors.language ?? errors['languages'] ?? errors['languages[0].language'];
  const levelError = errors.languageLevel ?? errors['languages[0].level'];
  return (
    <div className={form.row}>
      <div className={form.field}>
        <label htmlFor="register-language">Sprache</label>
        <select id="register-language" name="language" defaultValue="de" aria-invalid={error ? true : undefined}>
          {languages.length === 0 && <option value="de">Deutsch</option>}
          {languages.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
        {error && <p className={form.error}>{error}</p>}
      </div>
      <div className={form.field}>
        <label htmlFor="register-language-level">Sprachniveau</label>
        <select id="register-language-level" name="languageLevel" defaultValue="" aria-invalid={levelError ? true : undefined}>
          <option value="">Bitte wählen</option>
          {LANGUAGE_LEVELS_HIGHEST_FIRST.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {levelError && <p className={form.error}>{levelError}</p>}
      </div>
    </div>
  );
}

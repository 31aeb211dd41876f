// The sign-in dialog of the candidate app bar: first the e-mail address (POST
// /candidate_profiles/email_check), then, depending on the answer, the password (login, with
// "Passwort vergessen?"), the registration form (password rules ticked off while typing), or a
// pointer to the organization portal. Social sign-in offers the providers the server has set up.
// With a saved application (SavedApplyJob) registration sends it along (register_and_apply_on_job),
// with the shifts picked on the application page and, with shifts, the birth date (the rules for
// minors, docs/fair-play.md); a refused shift shows the server's message. The application's source
// (utm_*, the referring site) comes from the page's URL, where the flow carries it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { UseFormRegisterReturn } from 'react-hook-form';
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
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { TextField } from '@/shared/ui/text-field';
import { email as emailRule, equals, messages, password as passwordRule, required, type Schema } from '@/shared/validation';
import { checkEmail, register, registerAndApply, requestPasswordReset, useLogin, type EmailCheck } from '../api/login';
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
  const providers = useQuery({
    ...oauthProvidersQueryOptions(),
    enabled: open,
    staleTime: Infinity,
  });

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
    onClose();
  };
  const done = (by: SignedInBy) => {
    const saved = readSavedApplication();
    if (saved && by === 'login') trackFlow('registration_before_application', 'finished', { jobPostingId: saved.id });
    setStep('email');
    onSignedIn?.(by);
  };

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
        <EmailStep
          email={email}
          social={social}
          onChecked={(checked, next) => {
            setEmail(checked);
            go(next);
          }}
        />
      )}
      {step === 'login' && <LoginStep email={email} go={go} onSignedIn={() => done('login')} />}
      {step === 'registration' && <RegistrationStep email={email} social={social} go={go} onRegistered={() => done('registration')} />}
      {step === 'forgot' && <ForgotStep email={email} go={go} />}
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

/** What a failed step says above its buttons: the server's words, else the step's own. */
function ErrorLine({ refusal, otherwise }: { refusal: string | undefined; otherwise: string }) {
  if (refusal === undefined) return null;
  return (
    <p className={form.error} role="alert">
      {refusal || otherwise}
    </p>
  );
}

/** The address first: email_check answers which way the visitor goes on. */
function EmailStep({ email, social, onChecked }: { email: string; social: ReactNode; onChecked: (email: string, next: Step) => void }) {
  const mutation = useMutation({ mutationFn: (values: { email: string }) => checkEmail(values.email.trim()) });
  const { ref, onSubmit, busy, field, refusal } = useMutationForm({
    mutation,
    defaultValues: { email },
    rules: { email: [required, emailRule] },
    onSuccess: (checked, values) => onChecked(values.email.trim(), checked.next),
  });
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate>
      <p>Gib deine E-Mail-Adresse ein. Wir prüfen, ob du schon ein Konto hast.</p>
      <TextField label="E-Mail-Adresse" type="email" autoComplete="email" {...field('email')} required />
      <ErrorLine refusal={refusal} otherwise="Das hat leider nicht geklappt. Bitte versuche es noch einmal." />
      <button className={form.button} type="submit" disabled={busy}>
        Weiter
      </button>
      {social}
    </form>
  );
}

function LoginStep({ email, go, onSignedIn }: { email: string; go: (next: Step) => void; onSignedIn: () => void }) {
  const login = useLogin();
  const { ref, onSubmit, busy, field, refusal } = useMutationForm({
    // The login mutation (api/login.ts) takes the address of the first step with the password.
    mutation: { isPending: login.isPending, mutateAsync: (values: { password: string }) => login.mutateAsync({ email: email.trim(), password: values.password }) },
    defaultValues: { password: '' },
    onSuccess: () => {
      track('logged_in');
      onSignedIn();
    },
  });
  return (
    <form ref={ref} onSubmit={onSubmit}>
      <p>Willkommen zurück! Melde dich mit deinem Passwort an ({email}).</p>
      <TextField label="Passwort" type="password" autoComplete="current-password" {...field('password')} required />
      <ErrorLine refusal={refusal} otherwise="Die Anmeldung hat nicht geklappt." />
      <div className={form.row}>
        <button className={form.button} type="submit" disabled={busy}>
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
  );
}

type RegistrationValues = {
  firstName: string;
  lastName: string;
  password: string;
  passwordConfirmation: string;
  newsletter: boolean;
  language: string;
  languageLevel: string;
  birthDate: string;
  /** Never typed: the server's refusal of a picked shift lands here (422 at `shifts`). */
  shifts: string;
};
const NO_REGISTRATION: RegistrationValues = {
  firstName: '',
  lastName: '',
  password: '',
  passwordConfirmation: '',
  newsletter: false,
  language: 'de',
  languageLevel: '',
  birthDate: '',
  shifts: '',
};

/** Registers; with a saved application (SavedApplyJob) the application and its shifts go along. */
async function sendRegistration(email: string, values: RegistrationValues, search: string): Promise<void> {
  const body = {
    email: email.trim(),
    firstName: values.firstName,
    lastName: values.lastName,
    password: values.password,
    passwordConfirmation: values.passwordConfirmation,
    newsletter: values.newsletter,
    query: currentQuery(),
  };
  const saved = readSavedApplication();
  if (!saved || saved.registered) {
    await register(body);
    track('registered', { flow: 'registration' });
    return;
  }
  const spoken = [{ language: values.language, level: values.languageLevel }];
  const shifts = saved.shifts ?? [];
  const source = sourceBody(flowSource(search));
  const application = {
    jobPosting: saved.id,
    notes: saved.notes ?? '',
    locations: saved.locations ?? [],
    languages: spoken,
    ...(source ? { source } : {}),
  };
  await registerAndApply(shifts.length > 0 ? { ...body, ...application, shifts, birthDate: values.birthDate } : { ...body, ...application });
  saveApplication({ ...saved, registered: true });
  track('registered', { flow: 'registration_and_application', jobPostingId: saved.id });
  if (shifts.length > 0) track('shift_chosen', { jobPostingId: saved.id, shiftIds: shifts });
  trackFlow('registration_and_application', 'finished', { jobPostingId: saved.id });
}

function RegistrationStep({ email, social, go, onRegistered }: { email: string; social: ReactNode; go: (next: Step) => void; onRegistered: () => void }) {
  // The page's address carries where the visitor came from (the router's, so tests see it too).
  const location = useLocation();
  const queryClient = useQueryClient();
  const languages = useReferenceList('languages');
  const withApplication = pendingApplication() !== null;
  const withShifts = withApplication && (pendingApplication()?.shifts ?? []).length > 0;
  const mutation = useMutation({
    mutationFn: (values: RegistrationValues) => sendRegistration(email, values, location.search),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
  const { form: state, ref, onSubmit, busy, field, error, refusal } = useMutationForm({
    mutation,
    defaultValues: NO_REGISTRATION,
    rules: (): Schema => (withApplication ? REGISTRATION_WITH_APPLICATION : REGISTRATION),
    fieldOf: { languages: 'language', 'languages[0].language': 'language', 'languages[0].level': 'languageLevel' },
    onSuccess: onRegistered,
  });
  const saved = readSavedApplication();
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate>
      <p>Für {email} gibt es noch kein Konto. Leg jetzt kostenlos eines an.</p>
      {saved && !saved.registered && (
        <p>Deine Bewerbung auf „{saved.title}“ schicken wir mit – sobald du deine E-Mail-Adresse bestätigt hast, geht sie an den Jobanbieter.</p>
      )}
      <TextField label="Vorname" autoComplete="given-name" {...field('firstName')} required />
      <TextField label="Nachname" autoComplete="family-name" {...field('lastName')} required />
      <TextField
        label="Passwort (mindestens 8 Zeichen)"
        type="password"
        autoComplete="new-password"
        {...field('password')}
        required
        after={<PasswordChecklist password={state.watch('password')} />}
      />
      <TextField label="Passwort wiederholen" type="password" autoComplete="new-password" {...field('passwordConfirmation')} required />
      {withApplication && (
        <LanguageFields
          languages={languages}
          language={state.register('language')}
          level={state.register('languageLevel')}
          error={error('language')}
          levelError={error('languageLevel')}
        />
      )}
      {withShifts && <TextField label="Geburtsdatum" type="date" {...field('birthDate')} required />}
      {withShifts && error('shifts') && (
        <p className={form.error} role="alert">
          {error('shifts')}
        </p>
      )}
      <label>
        <input type="checkbox" {...state.register('newsletter')} /> Ich möchte den Jobhafen-Newsletter bekommen.
      </label>
      <ErrorLine refusal={refusal} otherwise="Die Registrierung hat nicht geklappt." />
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
  );
}

function ForgotStep({ email, go }: { email: string; go: (next: Step) => void }) {
  const mutation = useMutation({ mutationFn: (_: Record<string, never>) => requestPasswordReset(email.trim()) });
  const { ref, onSubmit, busy, refusal } = useMutationForm({
    mutation,
    defaultValues: {},
    onSuccess: () => {
      track('forgot_password');
      go('forgotSent');
    },
  });
  return (
    <form ref={ref} onSubmit={onSubmit}>
      <p>Wir schicken dir einen Link an {email}, mit dem du ein neues Passwort festlegen kannst.</p>
      <ErrorLine refusal={refusal} otherwise="Das hat leider nicht geklappt. Bitte versuche es später noch einmal." />
      <div className={form.row}>
        <button className={form.button} type="submit" disabled={busy}>
          Link senden
        </button>
        <button className={form.secondary} type="button" onClick={() => go('login')}>
          Zurück
        </button>
      </div>
    </form>
  );
}

/** The language a candidate registering together with an application speaks, with the level. */
function LanguageFields(props: {
  languages: { code: string; name: string }[];
  language: UseFormRegisterReturn;
  level: UseFormRegisterReturn;
  error?: string;
  levelError?: string;
}) {
  const { languages, language, level, error, levelError } = props;
  return (
    <div className={form.row}>
      <div className={form.field}>
        <label htmlFor="register-language">Sprache</label>
        <select id="register-language" {...language} aria-invalid={error ? true : undefined}>
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
        <select id="register-language-level" {...level} aria-invalid={levelError ? true : undefined}>
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

// Organization registration, optionally together with a first job posting (?registration=1,
// ?registrationWithJob=1). Persistent (only its own buttons close it), 900 px wide, full screen
// on phones; two pages: the form ("registration") and the confirmation ("registrationSuccess").
// POST /api/organization_member/register reads the account fields with password and confirmation,
// the job as a `jobPosting` object and the current query (campaign data) as an object.
// Tracked: the dialog's opened / step_started / step_closed and the organisation registration flow.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { api, ApiError } from '@/shared/api/client';
import { track, trackFlow } from '@/shared/tracking/track';
import { PasswordChecklist } from '@/shared/ui/password-checklist';
import { Dialog } from '@/shared/ui/dialog';
import form from '@/shared/ui/form.module.css';

type Props = {
  open: boolean;
  onClose: () => void;
  withJob: boolean;
  /** Where the dialog was opened from (tracking); default detailPage. */
  comeFrom?: string;
  job?: { title?: string };
};

export const REGISTRATION_DIALOG_WIDTH = 900;

export function RegisterWithJobDialog({ open, onClose, withJob, comeFrom = 'detailPage', job }: Props) {
  const id = useId();
  const [page, setPage] = useState<'registration' | 'registrationSuccess'>('registration');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState('');
  const flow = withJob ? 'organisation_registration_with_job' : 'organisation_registration';

  useEffect(() => {
    if (!open) return;
    track('registration_dialog', { step: 'opened', type: comeFrom });
    track('registration_dialog', { step: 'step_started', type: 'registration' });
    trackFlow(flow, 'started');
  }, [open, comeFrom, flow]);

  function close() {
    track('registration_dialog', { step: 'step_closed', type: page });
    if (page === 'registration') trackFlow(flow, 'closed');
    setPage('registration');
    onClose();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { jobTitle, jobDescription, jobCity, ...data } = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    if (data.password !== data.passwordConfirmation) {
      setError('Passwort muss gleich sein');
      return;
    }
    setBusy(true);
    setError('');
    try {
      await api.post('/organization_member/register', {
        ...data,
        comeFrom,
        query: Object.fromEntries(new URLSearchParams(window.location.search)),
        ...(withJob ? { jobPosting: { title: jobTitle, description: jobDescription || undefined, city: jobCity || undefined } } : {}),
      });
      track('organization_registered', { flow, step: 'finished' });
      trackFlow(flow, 'finished');
      track('registration_dialog', { step: 'step_started', type: 'registrationSuccess' });
      setPage('registrationSuccess');
    } catch (failure) {
      const body = failure instanceof ApiError ? (failure.body as { message?: string; violations?: { message: string }[] }) : undefined;
      setError(
        body?.violations?.map((v) => v.message).join(' ') ||
          body?.message ||
          'Die Registrierung konnte nicht abgeschlossen werden. Bitte versuchen Sie es später noch einmal.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={page === 'registrationSuccess' ? 'Vielen Dank für Ihre Registrierung' : withJob ? 'Registrieren und Job inserieren' : 'Als Arbeitgeber registrieren'}
      width={REGISTRATION_DIALOG_WIDTH}
      persistent
      fullscreenOnMobile
    >
      {page === 'registrationSuccess' ? (
        <div>
          <p>Wir haben Ihnen eine E-Mail geschickt. Bitte bestätigen Sie darin Ihre Adresse – danach können Sie sich im Jobhafen-Portal anmelden.</p>
          <button type="button" className={form.button} onClick={close}>
            Schließen
          </button>
        </div>
      ) : (
        <form onSubmit={onSubmit}>
          <div className={form.field}>
            <label htmlFor={`${id}-company`}>Unternehmen</label>
            <input id={`${id}-company`} name="company" autoComplete="organization" required />
          </div>
          <div className={form.row}>
            <div className={form.field}>
              <label htmlFor={`${id}-first`}>Vorname</label>
              <input id={`${id}-first`} name="firstName" autoComplete="given-name" required />
            </div>
            <div className={form.field}>
              <label htmlFor={`${id}-last`}>Nachname</label>
              <input id={`${id}-last`} name="lastName" autoComplete="family-name" required />
            </div>
          </div>
          <div className={form.field}>
            <label htmlFor={`${id}-email`}>Geschäftliche E-Mail-Adresse</label>
            <input id={`${id}-email`} name="email" type="email" autoComplete="email" required />
          </div>
          <div className={form.field}>
            <label htmlFor={`${id}-phone`}>Telefon</label>
            <input id={`${id}-phone`} name="phone" type="tel" autoComplete="tel" required />
          </div>
          <div className={form.row}>
            <div className={form.field}>
              <label htmlFor={`${id}-password`}>Passwort (mindestens 8 Zeichen)</label>
              <input id={`${id}-password`} name="password" type="password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} />
              <PasswordChecklist password={password} />
            </div>
            <div className={form.field}>
              <label htmlFor={`${id}-password2`}>Passwort wiederholen</label>
              <input id={`${id}-password2`} name="passwordConfirmation" type="password" autoComplete="new-password" required />
            </div>
          </div>
          {withJob && (
            <>
              <div className={form.field}>
                <label htmlFor={`${id}-job`}>Jobtitel</label>
                <input id={`${id}-job`} name="jobTitle" defaultValue={job?.title} required />
              </div>
              <div className={form.field}>
                <label htmlFor={`${id}-desc`}>Kurze Beschreibung der Stelle</label>
                <textarea id={`${id}-desc`} name="jobDescription" rows={4} />
              </div>
              <div className={form.field}>
                <label htmlFor={`${id}-city`}>Einsatzort</label>
                <input id={`${id}-city`} name="jobCity" autoComplete="address-level2" />
              </div>
            </>
          )}
          {error && <p className={form.error} role="alert">{error}</p>}
          <div className={form.row}>
            <button type="submit" className={form.yellow} disabled={busy}>
              Kostenlos registrieren
            </button>
            <button type="button" className={form.secondary} onClick={close}>
              Abbrechen
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

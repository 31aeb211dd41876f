// "Als Job-Alert speichern": the job alert dialog (candidate-side.md, dialogs). It saves the search
// on screen (the form's filters as they are, applied or not: ../lib/alert-search.ts) and shows it
// in words, a title prefilled from the search and the interval (hourly, every four hours, daily,
// weekly); saving shows the double opt-in notice (the alert starts once the mail is confirmed).
// An empty search is refused; a visitor gets the sign-in dialog first (?login=1).
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { useUser } from '@/shared/auth/use-user';
import { track } from '@/shared/tracking/track';
import { Dialog } from '@/shared/ui/dialog';
import form from '@/shared/ui/form.module.css';
import { createJobAlert } from '../api/job-actions';
import { alertFilterInWords } from '@/shared/lib/search-address';
import { alertFilter } from '../lib/alert-search';
import { isEmptySearch, type JobFilters, type SearchContext } from '../lib/search-params';

type Props = { title: string; filters: JobFilters; context: SearchContext };

export const EMPTY_ALERT_MESSAGE =
  'Bitte schränke deine Suche zuerst ein – zum Beispiel mit einem Stichwort, einem Ort oder einer Tätigkeit. Eine leere Suche kann kein Job-Alert werden.';

export const ALERT_INTERVALS = [
  ['hourly', 'Stündlich'],
  ['four_hourly', 'Alle 4 Stunden'],
  ['daily', 'Täglich'],
  ['weekly', 'Wöchentlich'],
] as const;

export function SaveJobAlert({ title, filters, context }: Props) {
  const empty = isEmptySearch(filters, context);
  const filter = alertFilter(filters, context);
  const { user } = useUser();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const id = useId();
  const [message, setMessage] = useState('');
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  function start() {
    setMessage('');
    if (empty) {
      setMessage(EMPTY_ALERT_MESSAGE);
      return;
    }
    if (!user) {
      const params = new URLSearchParams(search);
      params.set('login', '1');
      void navigate(`${pathname}?${params}`);
      return;
    }
    setSaved(false);
    setOpen(true);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    setBusy(true);
    setMessage('');
    try {
      await createJobAlert({ title: String(values.get('title') ?? '').trim() || title, interval: String(values.get('interval')), filter });
      track('job_alert_subscribed', { subscribed: true });
      setSaved(true);
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { message?: string; violations?: { message: string }[] }) : undefined;
      setMessage(body?.violations?.[0]?.message ?? body?.message ?? 'Der Job-Alert konnte gerade nicht gespeichert werden. Bitte versuche es später noch einmal.');
    } finally {
      setBusy(false);
    }
  }

  const words = alertFilterInWords(filter);
  return (
    <div>
      <button type="button" className={form.secondary} onClick={start}>
        Als Job-Alert speichern
      </button>
      {message && !open && (
        <p className={form.error} role="alert">
          {message}
        </p>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title="Job-Alert anlegen">
        {saved ? (
          <div>
            <p role="status">
              Fast geschafft! Wir haben dir eine E-Mail geschickt. Bitte bestätige darin deinen Job-Alert – erst dann schicken wir dir neue passende Jobs.
            </p>
            <button type="button" className={form.button} onClick={() => setOpen(false)}>
              Schließen
            </button>
          </div>
        ) : (
          <form onSubmit={save} aria-label="Job-Alert anlegen">
            {words.length > 0 && (
              <>
                <p>Wir schicken dir neue Jobs zu dieser Suche:</p>
                <ul aria-label="Suchfilter">
                  {words.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </>
            )}
            <div className={form.field}>
              <label htmlFor={`${id}-title`}>Titel</label>
              <input id={`${id}-title`} name="title" defaultValue={title} maxLength={200} required />
            </div>
            <div className={form.field}>
              <label htmlFor={`${id}-interval`}>Wie oft?</label>
              <select id={`${id}-interval`} name="interval" defaultValue="daily">
                {ALERT_INTERVALS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            {message && (
              <p className={form.error} role="alert">
                {message}
              </p>
            )}
            <div className={form.row}>
              <button type="submit" className={form.yellow} disabled={busy}>
                Job-Alert speichern
              </button>
              <button type="button" className={form.secondary} onClick={() => setOpen(false)}>
                Abbrechen
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </div>
  );
}

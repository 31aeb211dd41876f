// "Als Job-Alert speichern": the job alert dialog (candidate-side.md, dialogs). It saves the search
// on screen (the form's filters as they are, applied or not: ../lib/alert-search.ts) and shows it
// in words, a title prefilled from the search and the interval (hourly, every four hours, daily,
// weekly); saving shows the double opt-in notice (the alert starts once the mail is confirmed).
// An empty search is refused; a visitor gets the sign-in dialog first (?login=1).
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { FormRefusal } from '@/shared/forms/form-refusal';
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
  const [message, setMessage] = useState('');
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: (values: AlertValues) => createJobAlert({ title: values.title.trim() || title, interval: values.interval, filter }),
    onSuccess: () => track('job_alert_subscribed', { subscribed: true }),
  });

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
    mutation.reset();
    setOpen(true);
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
        {mutation.isSuccess ? (
          <div>
            <p role="status">
              Fast geschafft! Wir haben dir eine E-Mail geschickt. Bitte bestätige darin deinen Job-Alert – erst dann schicken wir dir neue passende Jobs.
            </p>
            <button type="button" className={form.button} onClick={() => setOpen(false)}>
              Schließen
            </button>
          </div>
        ) : (
          <AlertForm mutation={mutation} title={title} words={words} onCancel={() => setOpen(false)} />
        )}
      </Dialog>
    </div>
  );
}

type AlertValues = { title: string; interval: string };

function AlertForm(props: { mutation: UseMutationResult<unknown, Error, AlertValues>; title: string; words: string[]; onCancel: () => void }) {
  const { mutation, title, words, onCancel } = props;
  const id = useId();
  const { form: state, ref, onSubmit, busy, error, refusal } = useMutationForm({ mutation, defaultValues: { title, interval: 'daily' } });
  return (
    <form ref={ref} onSubmit={onSubmit} aria-label="Job-Alert anlegen">
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
        <input id={`${id}-title`} maxLength={200} required {...state.register('title')} aria-invalid={error('title') ? true : undefined} />
        {error('title') && <p className={form.error}>{error('title')}</p>}
      </div>
      <div className={form.field}>
        <label htmlFor={`${id}-interval`}>Wie oft?</label>
        <select id={`${id}-interval`} {...state.register('interval')} aria-invalid={error('interval') ? true : undefined}>
          {ALERT_INTERVALS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {error('interval') && <p className={form.error}>{error('interval')}</p>}
      </div>
      <FormRefusal refusal={refusal} fallback={'Der Job-Alert konnte gerade nicht gespeichert werden. Bitte versuche es später noch einmal.'} />
      <div className={form.row}>
        <button type="submit" className={form.yellow} disabled={busy}>
          Job-Alert speichern
        </button>
        <button type="button" className={form.secondary} onClick={onCancel}>
          Abbrechen
        </button>
      </div>
    </form>
  );
}

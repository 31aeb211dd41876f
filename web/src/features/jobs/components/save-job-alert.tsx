// "Als Job-Alert speichern": stores the current search as a daily job alert. An empty search is
// refused; a visitor gets the sign-in dialog first (?login=1).
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { useUser } from '@/shared/auth/use-user';
import { track } from '@/shared/tracking/track';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { createJobAlert } from '../api/job-actions';
import type { JobQuery } from '../api/jobs';

type Props = { title: string; query: JobQuery; empty: boolean };

export const EMPTY_ALERT_MESSAGE =
  'Bitte schränke deine Suche zuerst ein – zum Beispiel mit einem Stichwort, einem Ort oder einer Tätigkeit. Eine leere Suche kann kein Job-Alert werden.';

export function SaveJobAlert({ title, query, empty }: Props) {
  const { user } = useUser();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function save() {
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
    const filter = Object.fromEntries(
      Object.entries(query)
        .filter(([key, value]) => value !== undefined && key !== 'page' && key !== 'itemsPerPage')
        .map(([key, value]) => [key, String(value)]),
    );
    setBusy(true);
    try {
      await createJobAlert({ title, interval: 'daily', filter });
      track('job_alert_subscribed');
      notify({ message: 'Dein Job-Alert ist gespeichert. Wir schicken dir neue passende Jobs per E-Mail.', color: 'success', timeout: 5000 });
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { message?: string }) : undefined;
      setMessage(body?.message ?? 'Der Job-Alert konnte gerade nicht gespeichert werden. Bitte versuche es später noch einmal.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <button type="button" className={form.secondary} onClick={save} disabled={busy}>
        Als Job-Alert speichern
      </button>
      {message && (
        <p className={form.error} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

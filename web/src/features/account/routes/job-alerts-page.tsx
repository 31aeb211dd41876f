// /meine-job-alerts: the candidate's job alerts with their state (waiting for confirmation,
// active, paused) and its search in words; "Suche öffnen" shows that search again (the search page's
// own parameters, ../../jobs/lib/alert-search.ts); rename, change the interval, pause or resume,
// delete. New alerts are made from a search ("Als Job-Alert speichern").
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { required, validate } from '@/shared/validation';
import form from '@/shared/ui/form.module.css';
import { accountKeys, deleteJobAlert, getJobAlerts, pauseJobAlert, updateJobAlert, type JobAlert } from '../api/account-api';
import { AccountFrame } from '../components/account-frame';
import { formatDateTime } from '../lib/format';
import { ALERT_INTERVALS, labelOf } from '../lib/options';
import styles from './account-pages.module.css';
import { track } from '@/shared/tracking/track';
import { alertFilterInWords, alertSearchPath } from '@/shared/lib/search-address';
import { germanQuote } from '@/shared/lib/german-quote';

export function JobAlertsPage() {
  return <AccountFrame title="Meine Job-Alerts">{(user) => <Alerts accountId={user.id} />}</AccountFrame>;
}

function Alerts({ accountId }: { accountId: number }) {
  const client = useQueryClient();
  const key = accountKeys.alerts(accountId);
  const alerts = useQuery({ queryKey: key, queryFn: ({ signal }) => getJobAlerts(accountId, signal) });
  const refresh = () => void client.invalidateQueries({ queryKey: key });
  if (alerts.isError) return <p className={form.error} role="alert">Deine Job-Alerts konnten gerade nicht geladen werden. Bitte versuche es später noch einmal.</p>;
  if (!alerts.data) return null;
  return (
    <div className={styles.stack}>
      <p>Wir schicken dir neue passende Jobs per E-Mail. Einen neuen Job-Alert legst du in der <Link to="/jobs/suche">Jobsuche</Link> mit „Als Job-Alert speichern“ an.</p>
      {alerts.data.length === 0 && <p>Du hast noch keine Job-Alerts.</p>}
      <ul className={styles.list} aria-label="Deine Job-Alerts">
        {alerts.data.map((alert) => <AlertRow key={alert.id} alert={alert} onChange={refresh} />)}
      </ul>
    </div>
  );
}

function AlertRow({ alert, onChange }: { alert: JobAlert; onChange: () => void }) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(alert.title);
  const [interval, setInterval] = useState(alert.interval);
  const [titleError, setTitleError] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function act(run: () => Promise<unknown>, failure: string) {
    setBusy(true);
    setError('');
    try {
      await run();
      onChange();
      return true;
    } catch {
      setError(failure);
      return false;
    } finally {
      setBusy(false);
    }
  }
  async function save() {
    const errors = validate({ title }, { title: [required] });
    setTitleError(errors.title ?? '');
    if (errors.title) return;
    if (await act(() => updateJobAlert(alert.id, { title: title.trim(), interval }), 'Der Job-Alert konnte gerade nicht geändert werden. Bitte versuche es später noch einmal.'))
      setEditing(false);
  }
  const state = !alert.confirmed ? 'Bitte bestätigen' : alert.paused ? 'Pausiert' : 'Aktiv';
  return (
    <li className={styles.row} data-alert-id={alert.id}>
      <h3>{alert.title}</h3>
      <span className={`${styles.badge} ${state === 'Aktiv' ? '' : styles.badgeWarn}`} data-state>{state}</span>
      <span>{labelOf(ALERT_INTERVALS, alert.interval)}</span>
      {!alert.confirmed && <span>Wir haben dir eine E-Mail geschickt – bitte bestätige den Job-Alert über den Link darin.</span>}
      {alert.lastSentAt && <span>Zuletzt gesendet: {formatDateTime(alert.lastSentAt)}</span>}
      <ul aria-label="Suchfilter">
        {alertFilterInWords(alert.searchFilter).map((w) => <li key={w}>{w}</li>)}
      </ul>
      <Link to={alertSearchPath(alert.searchFilter)}>Suche öffnen</Link>
      {editing ? (
        <div className={styles.upload}>
          <div className={form.field}>
            <label htmlFor={`alert-title-${alert.id}`}>Name</label>
            <input id={`alert-title-${alert.id}`} value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={titleError ? true : undefined} />
            {titleError && <p className={form.error}>{titleError}</p>}
          </div>
          <div className={form.field}>
            <label htmlFor={`alert-interval-${alert.id}`}>Wie oft?</label>
            <select id={`alert-interval-${alert.id}`} value={interval} onChange={(e) => setInterval(e.target.value)}>
              {ALERT_INTERVALS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </select>
          </div>
          <div>
            <button type="button" className={form.button} disabled={busy} onClick={() => void save()}>Speichern</button>{' '}
            <button type="button" className={form.secondary} onClick={() => setEditing(false)}>Abbrechen</button>
          </div>
        </div>
      ) : (
        <span>
          <button type="button" className={form.secondary} onClick={() => setEditing(true)}>Bearbeiten</button>{' '}
          {alert.confirmed && (
            <button type="button" className={form.secondary} disabled={busy}
              onClick={() => void act(() => pauseJobAlert(alert.id, !alert.paused), alert.paused
                ? 'Der Job-Alert konnte gerade nicht fortgesetzt werden. Bitte versuche es später noch einmal.'
                : 'Der Job-Alert konnte gerade nicht pausiert werden. Bitte versuche es später noch einmal.')}>
              {alert.paused ? 'Fortsetzen' : 'Pausieren'}
            </button>
          )}{' '}
          <button type="button" className={form.secondary} disabled={busy}
            onClick={() => { if (window.confirm(`Job-Alert ${germanQuote(alert.title)} wirklich löschen?`)) void act(() => deleteJobAlert(alert.id).then(() => track('job_alert_unsubscribed', { subscribed: false })), 'Der Job-Alert konnte gerade nicht gelöscht werden. Bitte versuche es später noch einmal.'); }}>
            Löschen
          </button>
        </span>
      )}
      {error && <p className={form.error} role="alert">{error}</p>}
    </li>
  );
}

// /job-alert-abmelden/{token}: the one-click unsubscribe link of every job alert digest. The page
// asks for one click (mail scanners that open links must not unsubscribe anyone), then sends
// POST /api/job_alerts/unsubscribe/{token} and says in German what happened. No sign-in needed.
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '@/shared/api/client';
import { usePageTitle } from '@/shared/lib/page-title';
import { track } from '@/shared/tracking/track';
import form from '@/shared/ui/form.module.css';
import styles from '../components/account-frame.module.css';

export function JobAlertUnsubscribePage() {
  const { token = '' } = useParams();
  usePageTitle('Job-Alert abbestellen');
  const unsubscribe = useMutation({
    mutationFn: () => api.post<unknown>(`/job_alerts/unsubscribe/${encodeURIComponent(token)}`),
    onSuccess: () => track('job_alert_unsubscribed', { subscribed: false }),
  });
  return (
    <div className={styles.page}>
      <div className={styles.main}>
        <h1>Job-Alert abbestellen</h1>
        {unsubscribe.isSuccess ? (
          <>
            <p role="status">Erledigt! Du bekommst zu diesem Job-Alert keine E-Mails mehr.</p>
            <p>
              <Link className={form.button} to="/jobs/suche">
                Zur Jobsuche
              </Link>
            </p>
          </>
        ) : (
          <>
            <p>Möchtest du zu diesem Job-Alert keine E-Mails mehr bekommen?</p>
            {unsubscribe.isError && (
              <p className={form.error} role="alert">
                Der Link ist ungültig oder der Job-Alert wurde schon abbestellt. Deine Job-Alerts findest du unter{' '}
                <Link to="/meine-job-alerts">Meine Job-Alerts</Link>.
              </p>
            )}
            <button type="button" className={form.yellow} disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
              Job-Alert abbestellen
            </button>
          </>
        )}
      </div>
    </div>
  );
}

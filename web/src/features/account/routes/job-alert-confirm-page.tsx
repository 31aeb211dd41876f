// /job-alert-bestaetigen/{id}/{token}: the link of the double opt-in mail. Sends the token to
// PATCH /api/job_alerts/{id}/confirm once and says whether it worked. Only the server's "no" (a 4xx
// other than 408 and 429) means the link is invalid; a lost connection, a timeout or a 5xx is a
// passing failure: the page says to try again and offers to.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { germanQuote } from '@/shared/lib/german-quote';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { accountKeys, confirmJobAlert } from '../api/account-api';
import styles from '../components/account-frame.module.css';

/** The server refused the link itself (unknown, used or wrong token), not a passing failure. */
function linkRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

export function JobAlertConfirmPage() {
  const { id = '', token = '' } = useParams();
  usePageTitle('Job-Alert bestätigen');
  const result = useQuery({
    queryKey: accountKeys.jobAlertConfirm(Number(id), token),
    queryFn: () => confirmJobAlert(Number(id), token),
    retry: false,
    staleTime: Infinity,
  });
  return (
    <div className={styles.page}>
      <div className={styles.main}>
        <h1>Job-Alert bestätigen</h1>
        {result.isPending && <p role="status">Dein Job-Alert wird bestätigt …</p>}
        {result.isSuccess && (
          <>
            <p role="status">Danke! Dein Job-Alert {germanQuote(result.data.title)} ist bestätigt. Ab jetzt schicken wir dir neue passende Jobs per E-Mail.</p>
            <p><Link className={form.button} to="/meine-job-alerts">Zu meinen Job-Alerts</Link></p>
          </>
        )}
        {result.isError && linkRefused(result.error) && (
          <p className={form.error} role="alert">
            Der Link ist ungültig oder abgelaufen. Bitte lege den Job-Alert in der <Link to="/jobs/suche">Jobsuche</Link> neu an.
          </p>
        )}
        {result.isError && !linkRefused(result.error) && (
          <>
            <p className={form.error} role="alert">
              Dein Job-Alert konnte gerade nicht bestätigt werden. Der Link bleibt gültig – bitte versuche es in ein paar Minuten noch einmal.
            </p>
            <p>
              <button type="button" className={form.button} disabled={result.isFetching} onClick={() => void result.refetch()}>
                Erneut versuchen
              </button>
            </p>
          </>
        )}
      </div>
    </div>
  );
}

// /job-alert-bestaetigen/{id}/{token}: the link of the double opt-in mail. Sends the token to
// PATCH /api/job_alerts/{id}/confirm once and says whether it worked.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { accountKeys, confirmJobAlert } from '../api/account-api';
import styles from '../components/account-frame.module.css';

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
            <p role="status">Danke! Dein Job-Alert „{result.data.title}“ ist bestätigt. Ab jetzt schicken wir dir neue passende Jobs per E-Mail.</p>
            <p><Link className={form.button} to="/meine-job-alerts">Zu meinen Job-Alerts</Link></p>
          </>
        )}
        {result.isError && (
          <p className={form.error} role="alert">
            Der Link ist ungültig oder abgelaufen. Bitte lege den Job-Alert in der <Link to="/jobs/suche">Jobsuche</Link> neu an.
          </p>
        )}
      </div>
    </div>
  );
}

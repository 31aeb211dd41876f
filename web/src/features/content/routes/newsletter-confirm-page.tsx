// /newsletter-bestaetigen/{token}: the link of the newsletter's double opt-in mail. The page asks
// for one click (a mail scanner that opens every link must not subscribe anybody) and then sends
// the token to POST /api/forms/16/confirm.
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '@/shared/api/client';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import styles from './content.module.css';

export const NEWSLETTER_FORM_ID = 16;

export function NewsletterConfirmPage() {
  const { token = '' } = useParams();
  usePageTitle('Newsletter bestätigen');
  const confirm = useMutation({ mutationFn: () => api.post(`/forms/${NEWSLETTER_FORM_ID}/confirm`, { token }) });
  return (
    <article className={styles.page}>
      <h1 className={styles.title}>Newsletter bestätigen</h1>
      {confirm.isSuccess ? (
        <>
          <p role="status">Danke! Deine Anmeldung zum Newsletter ist bestätigt. Die nächste Ausgabe kommt in dein Postfach.</p>
          <p><Link to="/jobs">Zu den aktuellen Jobs</Link></p>
        </>
      ) : (
        <>
          <p>Fast geschafft: Bestätige mit einem Klick, dass du den Jobhafen-Newsletter an diese Adresse bekommen möchtest.</p>
          <p>
            <button type="button" className={form.yellow} disabled={confirm.isPending} onClick={() => confirm.mutate()}>
              {confirm.isPending ? 'Wird bestätigt …' : 'Anmeldung bestätigen'}
            </button>
          </p>
          {confirm.isError && (
            <p className={form.error} role="alert">
              Der Link ist ungültig oder abgelaufen. Melde dich bitte noch einmal für den Newsletter an.
            </p>
          )}
        </>
      )}
    </article>
  );
}

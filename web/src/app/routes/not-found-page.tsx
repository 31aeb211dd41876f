// Any path without a route of its own. Later the catch-all /{slug} asks the
// content system for a page first and shows this only when there is none.
import { Link } from 'react-router';
import { JobSearchForm } from '@/features/jobs/components/job-search-form';
import { usePageTitle } from '@/shared/lib/page-title';
import styles from './message-page.module.css';

export function NotFoundPage() {
  usePageTitle('Seite nicht gefunden');
  return (
    <div className={styles.page}>
      <h1>Seite nicht gefunden</h1>
      <p>Diese Seite konnte nicht gefunden werden. Vielleicht hilft dir die Jobsuche weiter:</p>
      <JobSearchForm />
      <p>
        <Link to="/">Zur Startseite</Link>
      </p>
    </div>
  );
}

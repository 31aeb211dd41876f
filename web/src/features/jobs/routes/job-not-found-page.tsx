// /jobs/job-nicht-gefunden: where an unknown job address leads. It says so and offers a search
// and the newest jobs.
import { usePageTitle } from '@/shared/lib/page-title';
import { JobResults } from '../components/job-results';
import { JobSearchForm } from '../components/job-search-form';
import { EMPTY_FILTERS } from '../lib/search-params';
import styles from './job-search-page.module.css';

export function JobNotFoundPage() {
  usePageTitle('Job nicht gefunden');
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Diesen Job gibt es leider nicht</h1>
      <p className={styles.intro}>
        Die Stellenanzeige wurde entfernt oder die Adresse ist falsch. Such einfach nach einem anderen Job – hier sind die neuesten.
      </p>
      <div className={styles.filters}>
        <JobSearchForm />
      </div>
      <JobResults query={{ itemsPerPage: 10, page: 1 }} filters={EMPTY_FILTERS} />
    </div>
  );
}

// The start page. It composes features (search form, job types), which is why
// it lives in app/ and not inside one feature.
import { useId } from 'react';
import { JobSearchForm } from '@/features/jobs/components/job-search-form';
import { JobTypeLinks } from '@/features/jobs/components/job-type-links';
import { usePageTitle } from '@/shared/lib/page-title';
import styles from './home-page.module.css';

export function HomePage() {
  usePageTitle();
  const headingId = useId();

  return (
    <>
      <section className={styles.hero} aria-labelledby={headingId}>
        <div className={styles.heroInner}>
          <h1 id={headingId} className={styles.heading}>
            Finde deinen nächsten Job
          </h1>
          <p className={styles.intro}>
            Bei Jobhafen findest du Promotion-, Messe-, Event-, Gastro-, Studenten-, Rentner-,
            Schüler-, Ferien- und Nebenjobs – flexibel und in deiner Nähe.
          </p>
          <JobSearchForm />
        </div>
      </section>
      <div className={styles.content}>
        <JobTypeLinks />
      </div>
    </>
  );
}

// Result page of the job search (/jobs?was=…&wo=…) and, with `jobType`, the
// landing page of one job type (/promotionjobs, …). It shows what the user asked
// for and lets them refine it. The result list itself comes from
// GET /api/job_postings once that endpoint exists; until then the page says so
// rather than showing invented jobs.
import { useLocation, useSearchParams } from 'react-router';
import { usePageTitle } from '@/shared/lib/page-title';
import { JobSearchForm } from '../components/job-search-form';
import type { JobType } from '../lib/job-types';
import { jobSearchHeading, readJobSearch } from '../lib/search-params';
import styles from './jobs-page.module.css';

type Props = {
  jobType?: JobType;
};

export function JobsPage({ jobType }: Props) {
  const [params] = useSearchParams();
  const { pathname, search: queryString } = useLocation();
  const search = readJobSearch(params);
  const heading = jobSearchHeading(search, jobType?.label);
  usePageTitle(heading);

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{heading}</h1>
      {jobType && <p className={styles.intro}>{jobType.intro}</p>}
      {/* `key` refills the uncontrolled fields whenever the URL changes (back button, other type). */}
      <JobSearchForm key={pathname + queryString} action={pathname} defaults={search} />
      <p className={styles.note}>
        Die Stellenangebote zu deiner Suche lädt Jobhafen direkt vom Server. Die Trefferliste wird
        auf dieser Seite gerade angebunden.
      </p>
    </div>
  );
}

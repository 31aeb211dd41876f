// The start page's job cards: the newest jobs, and the count of all live jobs.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { track } from '@/shared/tracking/track';
import { jobListQueryOptions, totalsQueryOptions } from '../api/jobs';
import { formatCount } from '../lib/format';
import { trackJobBoxOpen } from '../lib/job-box-tracking';
import { useJobCardFlags } from '../lib/job-flags';
import { useUser } from '@/shared/auth/use-user';
import { JobCard } from './job-card';
import styles from './home-job-cards.module.css';

export function HomeJobCards() {
  // Signed in, the jobs she applied to are left out, as in the search (issue 41, item 14): the key
  // changes once she is known (the prerendered visitor's list stays until then).
  const { user } = useUser();
  const jobs = useQuery(jobListQueryOptions({ itemsPerPage: 6, page: 1, sort: 'newest' }, user != null));
  const totals = useQuery(totalsQueryOptions());
  const flags = useJobCardFlags();
  const shown = jobs.data?.['hydra:member'].map((job) => job.id).join(',');
  // Each job box that appears counts once per page view.
  useEffect(() => {
    for (const id of shown ? shown.split(',') : []) track('job_box_viewed', { jobPostingId: Number(id) });
  }, [shown]);
  return (
    <section className={styles.section} aria-labelledby="home-new-jobs">
      <h2 id="home-new-jobs">Neue Jobs</h2>
      {jobs.isError && <p role="alert">Die Jobs konnten gerade nicht geladen werden.</p>}
      <ul className={styles.grid}>
        {jobs.data?.['hydra:member'].map((job) => (
          <li key={job.id}>
            <JobCard job={job} flags={flags} headingLevel={3} onOpen={trackJobBoxOpen} />
          </li>
        ))}
      </ul>
      <p>
        <Link to="/jobs">{totals.data ? `Alle ${formatCount(totals.data.total)} Jobs ansehen` : 'Alle Jobs ansehen'}</Link>
      </p>
    </section>
  );
}

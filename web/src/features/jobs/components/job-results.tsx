// The result list of a job search: count, cards, paging links that keep every filter.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useUser } from '@/shared/auth/use-user';
import { useFeature } from '@/shared/lib/features';
import { ServerPaintOr } from '@/shared/ui/server-paint';
import { jobListQueryOptions, type JobQuery } from '../api/jobs';
import { track } from '@/shared/tracking/track';
import { formatCount } from '../lib/format';
import { filtersQuery, PAGE_SIZE, type JobFilters } from '../lib/search-params';
import { useJobCardFlags } from '../lib/job-flags';
import { JobCard } from './job-card';
import { QuestionDialog } from './question-dialog';
import styles from './job-results.module.css';

type Props = { query: JobQuery; filters: JobFilters };

const trackOpen = (job: { id: number }) => track('job_details_clicked', { jobPostingId: job.id });

export function JobResults({ query, filters }: Props) {
  const { pathname } = useLocation();
  const { user, isLoading: userLoading } = useUser();
  // Wait for who is signed in, so an applied job never flashes up in the list. That answer arrives
  // as a store update, which React draws at once in one long task; the list it lets through is
  // drawn from a deferred copy instead, in slices (the server's picture stays meanwhile).
  const who = useDeferredValue(userLoading ? undefined : user);
  const list = useQuery({ ...jobListQueryOptions(query, who != null), enabled: who !== undefined });
  // Toggle organization_question_dialog_in_listing: each job of the list can be asked about.
  const questions = useFeature('organization_question_dialog_in_listing');
  const flags = useJobCardFlags();
  const [asking, setAsking] = useState<{ jobId: number; organizationId: number } | null>(null);
  const ask = useCallback((job: { id: number; organization?: { id: number } | null }) => {
    if (job.organization) setAsking({ jobId: job.id, organizationId: job.organization.id });
  }, []);

  // Until who is signed in is known, the server's first page of /jobs (if it drew one) stays.
  if (list.isPending)
    return (
      <ServerPaintOr selector="[data-server-paint-results]">
        <p role="status">Jobs werden geladen …</p>
      </ServerPaintOr>
    );
  if (list.isError)
    return (
      <p role="alert" className={styles.error}>
        Die Jobs konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.
      </p>
    );

  const total = list.data['hydra:totalItems'];
  const jobs = list.data['hydra:member'];
  const pages = Math.min(50, Math.ceil(total / PAGE_SIZE));
  const page = filters.seite;
  const pageLink = (n: number) => pathname + filtersQuery({ ...filters, seite: n });

  return (
    <section aria-label="Suchergebnisse" aria-busy={list.isFetching}>
      <p className={styles.count} role="status">
        {total === 0
          ? 'Keine Jobs gefunden. Versuch es mit einem größeren Umkreis oder einem anderen Stichwort.'
          : `${list.data.totalItemsCapped ? 'Mehr als ' : ''}${formatCount(total)} ${total === 1 ? 'Job' : 'Jobs'} gefunden`}
      </p>
      <ol className={styles.list}>
        {jobs.map((job) => (
          <li key={job.id}>
            <JobCard job={job} flags={flags} onOpen={trackOpen} onAsk={questions ? ask : undefined} />
          </li>
        ))}
      </ol>
      {asking && (
        <QuestionDialog open onClose={() => setAsking(null)} organizationId={asking.organizationId} jobId={asking.jobId} loggedIn={user !== null} />
      )}
      {pages > 1 && (
        <nav className={styles.pager} aria-label="Seiten">
          {page > 1 ? <Link to={pageLink(page - 1)} rel="prev">« Vorherige Seite</Link> : <span />}
          <span>
            Seite {page} von {pages}
          </span>
          {page < pages ? <Link to={pageLink(page + 1)} rel="next">Nächste Seite »</Link> : <span />}
        </nav>
      )}
    </section>
  );
}

// The job search screens (candidate-side.md, section 2): the job list /jobs, the query search
// /jobs/suche, /jobs/suche-als/{activity}[/{activity}…] and /jobs/suche-nach/{what}. The job-type,
// city and activity landings are drawn from their content pages (app/routes/). The fixed part comes
// from the route, the rest from the address bar; the page remembers itself as the last listing so a
// job detail can lead back to it.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useFeature } from '@/shared/lib/features';
import { usePageTitle } from '@/shared/lib/page-title';
import { track } from '@/shared/tracking/track';
import { landingEntryQueryOptions } from '../api/landing';
import { JobResults } from '../components/job-results';
import { JobSearchForm } from '../components/job-search-form';
import { SaveJobAlert } from '../components/save-job-alert';
import { rememberListing } from '@/shared/lib/last-listing';
import { apiQuery, readFilters, searchHeading, type JobFilters, type SearchContext } from '../lib/search-params';
import styles from './job-search-page.module.css';

export type SearchKind = 'list' | 'query' | 'activities' | 'what';

function slugName(slug: string): string {
  return slug
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

export function JobSearchPage({ kind }: { kind: SearchKind }) {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const filters = readFilters(searchParams);

  const activitySlugs = kind === 'activities' ? (params['*'] ?? '').split('/').filter(Boolean) : [];
  const activityEntry = useQuery({ ...landingEntryQueryOptions('activities', activitySlugs[0] ?? ''), enabled: activitySlugs.length === 1 });

  const activityName = activityEntry.data?.name ?? (activitySlugs.length ? activitySlugs.map(slugName).join(', ') : undefined);
  const what = kind === 'what' ? decodeURIComponent(params.what ?? '') : undefined;

  const context: SearchContext = { activities: activitySlugs, what };

  let base = 'Jobs';
  if (activityName) base = `${activityName}-Jobs`;
  if (what) base = `Jobs für „${what}“`;
  const heading = kind === 'list' && !filters.was && filters.lat === null ? 'Alle Jobs' : searchHeading(filters, base);
  usePageTitle(heading);

  const jobAlerts = useFeature('job_alerts');
  const query = apiQuery(filters, context);
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    rememberListing('jobs', pathname + search);
    track(filters.was || filters.lat !== null ? 'jobs_searched' : 'job_listing_viewed');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per distinct search
  }, [queryKey]);

  // What the form shows, applied or not: "Als Job-Alert speichern" saves that.
  const [draft, setDraft] = useState<{ at: string; filters: JobFilters } | null>(null);
  const onScreen = draft?.at === pathname + search ? draft.filters : filters;

  const description = activitySlugs.length === 1 ? activityEntry.data?.description : undefined;

  return (
    <div className={styles.page}>
      <nav className={styles.breadcrumbs} aria-label="Brotkrümelnavigation">
        <ol>
          <li><Link to="/">Startseite</Link></li>
          {kind !== 'list' && <li><Link to="/jobs">Alle Jobs</Link></li>}
          <li aria-current="page">{heading}</li>
        </ol>
      </nav>
      <h1 className={styles.heading}>{heading}</h1>
      {description && <p className={styles.intro}>{description}</p>}
      <div className={styles.filters}>
        {/* The form follows the address itself (back button, paging) and keeps what is typed meanwhile. */}
        <JobSearchForm action={pathname} defaults={filters} full onDraft={(f) => setDraft({ at: pathname + search, filters: f })} />
        {jobAlerts && <SaveJobAlert title={searchHeading(onScreen, base)} filters={onScreen} context={context} />}
      </div>
      <JobResults query={query} filters={filters} />
    </div>
  );
}

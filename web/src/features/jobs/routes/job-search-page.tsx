// The job search screens (candidate-side.md, section 2): the job list /jobs, the query search
// /jobs/suche, /jobs/suche-als/{activity}[/{activity}…] and /jobs/suche-nach/{what}. The job-type,
// city and activity landings are drawn from their content pages (app/routes/). The fixed part comes
// from the route, the rest from the address bar; the page remembers itself as the last listing so a
// job detail can lead back to it (components/job-search.tsx, shared with a content page's job listing).
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '@/shared/lib/page-title';
import { landingEntryQueryOptions } from '../api/landing';
import { JobSearch } from '../components/job-search';
import { readFilters, searchHeading, type SearchContext } from '../lib/search-params';
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
      <JobSearch filters={filters} context={context} alertTitle={base} className={styles.filters} />
    </div>
  );
}

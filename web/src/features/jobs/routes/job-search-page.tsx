// Every job search screen (candidate-side.md, section 2): the job list /jobs, the query search
// /jobs/suche, /jobs/suche-als/{activity}[/{activity}…], /jobs/suche-nach/{what}, the job-type
// landing pages (/promotionjobs, /promotionjobs/{city}), the city pages (/jobs-stadt/{city},
// /jobs-stadt/{city}/als/{activity}) and the activity pages (/jobs-taetigkeit/{activity}).
// The fixed part comes from the route, the rest from the address bar; the page remembers itself
// as the last listing so a job detail can lead back to it.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { MENU_CITIES } from '@/shared/lib/cities';
import { useFeature } from '@/shared/lib/features';
import { usePageTitle } from '@/shared/lib/page-title';
import { track } from '@/shared/tracking/track';
import { landingEntryQueryOptions } from '../api/landing';
import { JobResults } from '../components/job-results';
import { JobSearchForm } from '../components/job-search-form';
import { SaveJobAlert } from '../components/save-job-alert';
import type { JobType } from '../lib/job-types';
import { rememberListing } from '@/shared/lib/last-listing';
import { apiQuery, isEmptySearch, readFilters, searchHeading, type SearchContext } from '../lib/search-params';
import styles from './job-search-page.module.css';

export type SearchKind = 'list' | 'query' | 'activities' | 'what' | 'jobType' | 'city' | 'activity';

type Props = { kind: SearchKind; jobType?: JobType };

function slugName(slug: string): string {
  return slug
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

export function JobSearchPage({ kind, jobType }: Props) {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const filters = readFilters(searchParams);

  const citySlug = params.city;
  const activitySlugs = kind === 'activities' ? (params['*'] ?? '').split('/').filter(Boolean) : params.activity ? [params.activity] : [];
  const cityEntry = useQuery({ ...landingEntryQueryOptions('cities', citySlug ?? ''), enabled: Boolean(citySlug) });
  const activityEntry = useQuery({ ...landingEntryQueryOptions('activities', activitySlugs[0] ?? ''), enabled: activitySlugs.length === 1 });

  const menuCity = MENU_CITIES.find((city) => city.slug === citySlug);
  const cityName = cityEntry.data?.name ?? cityEntry.data?.title ?? menuCity?.name ?? (citySlug ? slugName(citySlug) : undefined);
  const cityPosition =
    cityEntry.data?.latitude !== undefined && cityEntry.data?.longitude !== undefined
      ? { lat: cityEntry.data.latitude, lon: cityEntry.data.longitude }
      : menuCity
        ? { lat: menuCity.latitude, lon: menuCity.longitude }
        : citySlug;
  const activityName = activityEntry.data?.name ?? (activitySlugs.length ? activitySlugs.map(slugName).join(', ') : undefined);
  const what = kind === 'what' ? decodeURIComponent(params.what ?? '') : undefined;

  const context: SearchContext = {
    activities: activitySlugs,
    jobType: jobType?.path.slice(1),
    city: citySlug ? cityPosition : undefined,
    what,
  };

  let base = jobType?.label ?? 'Jobs';
  if (activityName) base = `${activityName}-Jobs`;
  if (what) base = `Jobs für „${what}“`;
  if (cityName) base += ` in ${cityName}`;
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

  const description = (citySlug ? cityEntry.data?.description : undefined) ?? (activitySlugs.length === 1 ? activityEntry.data?.description : undefined);

  return (
    <div className={styles.page}>
      <nav className={styles.breadcrumbs} aria-label="Brotkrümelnavigation">
        <ol>
          <li><Link to="/">Startseite</Link></li>
          {kind === 'city' && <li><Link to="/jobs-stadt">Jobs nach Stadt</Link></li>}
          {kind === 'activity' && <li><Link to="/jobs-taetigkeit">Jobs nach Tätigkeit</Link></li>}
          {kind !== 'city' && kind !== 'activity' && kind !== 'jobType' && kind !== 'list' && <li><Link to="/jobs">Alle Jobs</Link></li>}
          <li aria-current="page">{heading}</li>
        </ol>
      </nav>
      <h1 className={styles.heading}>{heading}</h1>
      {jobType && <p className={styles.intro}>{jobType.intro}</p>}
      {description && <p className={styles.intro}>{description}</p>}
      <div className={styles.filters}>
        {/* `key` refills the fields whenever the address changes (back button, paging). */}
        <JobSearchForm key={pathname + search} action={pathname} defaults={filters} full />
        {jobAlerts && <SaveJobAlert title={heading} query={query} empty={isEmptySearch(filters, context)} place={filters.wo || undefined} />}
      </div>
      <JobResults query={query} filters={filters} />
    </div>
  );
}

// A job search with its results, the same on the search pages (/jobs, …) and in a content page's job
// listing: the search form and "Als Job-Alert speichern" in the caller's box, the results of the
// address's filters below. Each distinct search is remembered as the last listing and tracked once
// (jobs_searched with a "Was?" or a place, job_listing_viewed without). The job alert saves what the
// form shows, applied or not, and is named from `alertTitle` ("Messejobs", "Jobs in Berlin").
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useFeature } from '@/shared/lib/features';
import { rememberListing } from '@/shared/lib/last-listing';
import { track } from '@/shared/tracking/track';
import { apiQuery, searchHeading, type JobFilters, type SearchContext } from '../lib/search-params';
import { JobResults } from './job-results';
import { JobSearchForm } from './job-search-form';
import { SaveJobAlert } from './save-job-alert';

type Props = { filters: JobFilters; context: SearchContext; alertTitle: string; className?: string };

export function JobSearch({ filters, context, alertTitle, className }: Props) {
  const { pathname, search } = useLocation();
  const jobAlerts = useFeature('job_alerts');
  const query = apiQuery(filters, context);
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    rememberListing('jobs', pathname + search);
    track(filters.was || filters.lat !== null ? 'jobs_searched' : 'job_listing_viewed');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per distinct search
  }, [queryKey]);
  // The draft belongs to the address it was typed at; another address shows its own filters.
  const [draft, setDraft] = useState<{ at: string; filters: JobFilters } | null>(null);
  const onScreen = draft?.at === pathname + search ? draft.filters : filters;
  return (
    <>
      <div className={className}>
        {/* The form follows the address itself (back button, paging) and keeps what is typed meanwhile. */}
        <JobSearchForm action={pathname} defaults={filters} full onDraft={(typed) => setDraft({ at: pathname + search, filters: typed })} />
        {jobAlerts && <SaveJobAlert title={searchHeading(onScreen, alertTitle)} filters={onScreen} context={context} />}
      </div>
      <JobResults query={query} filters={filters} />
    </>
  );
}

// Content pages with the sections other features draw: job listings and job boxes (jobs),
// the start page's job cards. The content feature renders everything else itself.
import type { ComponentProps } from 'react';
import { useSearchParams } from 'react-router';
import type { Section } from '@/features/content/api/content';
import { ErrorView } from '@/features/content/components/error-view';
import { ContentPage } from '@/features/content/routes/content-page';
import { HomeJobCards } from '@/features/jobs/components/home-job-cards';
import { JobResults } from '@/features/jobs/components/job-results';
import { readFilters } from '@/features/jobs/lib/search-params';

/** A section's `filterParams` (e.g. {"jobType": "messejobs", "activity": "hostess"}) as API filters. */
function sectionQuery(section: Section): Record<string, string | number> {
  const raw = (section.filterParams ?? {}) as Record<string, unknown>;
  const query: Record<string, string | number> = { itemsPerPage: 10, page: 1 };
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string' || typeof value === 'number') query[key] = value;
    else if (Array.isArray(value)) query[key] = value.join(',');
  }
  return query;
}

function JobListingSection({ section }: { section: Section }) {
  const [params] = useSearchParams();
  const title = section.base_data?.title ?? section.title;
  return (
    <section>
      {title && <h2>{title}</h2>}
      <JobResults query={sectionQuery(section)} filters={readFilters(params)} />
    </section>
  );
}

const jobListing = (section: Section) => <JobListingSection section={section} />;

export const FEATURE_SECTIONS = {
  'job-listing-with-filter': jobListing,
  'job-listing-with-typesense': jobListing,
  'job-box-with-tabs': jobListing,
  'job-box-with-typesense': jobListing,
  'job-box-without-tabs': jobListing,
  'homepage-job-cards': () => <HomeJobCards />,
};

export function ComposedContentPage(props: Omit<ComponentProps<typeof ContentPage>, 'renderers'>) {
  return <ContentPage {...props} renderers={FEATURE_SECTIONS} />;
}

/** An error page whose content page may hold job sections (the inactive-job page does). */
export function ComposedErrorView(props: Omit<ComponentProps<typeof ErrorView>, 'renderers'>) {
  return <ErrorView {...props} renderers={FEATURE_SECTIONS} />;
}

// The content sections other features draw, composed here (a feature never imports another):
// job boxes (with tabs, with the search, without tabs) and job listings from the jobs feature,
// organization carousel, details, listing and top list from the organizations feature, the
// job-details section and the 15 account-* sections (each draws its account page). A job
// section's first jobs come with the page (the server fills `jobs`); tabs of the featured-job
// groups (candidate-side.md section 7) load their list when chosen. A job box sends job_box_viewed
// when it first comes into view and job_details_clicked when one of its jobs is opened.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Section } from '@/features/content/api/content';
import type { SectionProps, SectionRenderers } from '@/features/content/components/content-sections';
import { SectionFrame, sectionTitle } from '@/features/content/components/sections/kit';
import { jobListQueryOptions, type JobCard as Job, type JobQuery } from '@/features/jobs/api/jobs';
import { JobCard } from '@/features/jobs/components/job-card';
import { trackJobBoxOpen } from '@/features/jobs/lib/job-box-tracking';
import { useJobCardFlags } from '@/features/jobs/lib/job-flags';
import { JobSearchForm } from '@/features/jobs/components/job-search-form';
import { readFilters, type SearchContext } from '@/features/jobs/lib/search-params';
import { JobSearch } from '@/features/jobs/components/job-search';
import { organizationListQueryOptions, organizationQueryOptions } from '@/features/organizations/api/organizations';
import { useUser } from '@/shared/auth/use-user';
import { useHydrated } from '@/shared/lib/hydration';
import { useSeenOnce } from '@/shared/lib/use-seen-once';
import { track } from '@/shared/tracking/track';
import { ACCOUNT_ROUTES, accountElement } from './account-elements';
import styles from './content-feature-sections.module.css';

// The job's whole detail view is code the first page never needs: loaded when a page has the section.
const JobDetailsSection = lazy(() => import('./job-details-section').then((m) => ({ default: m.JobDetailsSection })));

type Filter = Record<string, unknown>;
type Tab = { title?: string; filterParams?: Filter };

/**
 * A section's `filterParams` as job-list query values (lists become comma lists). The server names
 * a landing page's place by lat/lon/distance and adds the city's slug, and its activities as
 * `activities`; the list call takes one place only and the activities as `activity`.
 */
export function filterQuery(raw: unknown): JobQuery {
  const query: JobQuery = {};
  for (const [key, value] of Object.entries((raw ?? {}) as Filter)) {
    const name = key === 'activities' ? 'activity' : key;
    if (typeof value === 'string' || typeof value === 'number') query[name] = value;
    else if (typeof value === 'boolean') query[name] = value ? 1 : 0;
    else if (Array.isArray(value) && value.length > 0) query[name] = value.join(',');
  }
  if (query.lat !== undefined && query.lon !== undefined) delete query.city;
  return query;
}

/**
 * The featured-job groups of candidate-side.md section 7: a tab or box filtered by one of these
 * flags gets the group's list (count, random order, the day's new jobs, recommendations).
 */
export function featuredQuery(filter: JobQuery, signedIn: boolean): JobQuery | null {
  if (Number(filter.top_job) === 1) return { top_job: 1, itemsPerPage: 1, sort: 'random' };
  if (Number(filter.instant_teaser_job) === 1) return { instant_teaser_job: 1, itemsPerPage: 3, sort: 'random' };
  if (Number(filter.top_offer) === 1) return { top_offer: 1, itemsPerPage: 20 };
  if (Number(filter.opportunity) === 1) return { opportunity: 1, itemsPerPage: 20 };
  if (filter.recommend !== undefined) return signedIn ? { recommend: 30, itemsPerPage: 20 } : null;
  if (filter.interval_created !== undefined) return { interval_created: '1d', itemsPerPage: 20 };
  return null;
}

const jobsOf = (section: Section): { total: number; items: Job[] } | null => {
  const jobs = section.jobs as { total?: number; items?: Job[] } | undefined;
  return jobs && Array.isArray(jobs.items) ? { total: jobs.total ?? jobs.items.length, items: jobs.items } : null;
};
const limitOf = (section: Section) => (typeof section.limit === 'number' && section.limit > 0 ? section.limit : 10);

function JobGrid({ jobs, onOpen }: { jobs: Job[]; onOpen?: (job: Job) => void }) {
  const flags = useJobCardFlags();
  if (jobs.length === 0) return <p className={styles.muted}>Gerade gibt es hier keine passenden Jobs. Schau bald wieder vorbei!</p>;
  return (
    <ul className={styles.grid}>
      {jobs.map((job) => (
        <li key={job.id}><JobCard job={job} flags={flags} headingLevel={3} onOpen={onOpen} /></li>
      ))}
    </ul>
  );
}

const JobsLoading = () => <p role="status" className={styles.muted}>Jobs werden geladen …</p>;

/** Jobs of a list call (a tab or a featured group). Signed in, the jobs she applied to are left
 * out, as in the search (issue 41, item 14: the start page's box listed them). */
function LoadedJobs({ query, onOpen }: { query: JobQuery; onOpen?: (job: Job) => void }) {
  const { user } = useUser();
  const list = useQuery(jobListQueryOptions(query, user != null));
  if (list.isError) return <p role="alert">Die Jobs konnten gerade nicht geladen werden.</p>;
  if (!list.data) return <JobsLoading />;
  return <JobGrid jobs={list.data['hydra:member']} onOpen={onOpen} />;
}

/** The link below a box to the full search with the box's filters. */
function allJobsLink(section: Section): string {
  const filter = filterQuery(section.filterParams);
  if (typeof filter.jobType === 'string') return `/${filter.jobType}`;
  if (typeof filter.q === 'string') return `/jobs/suche-nach/${encodeURIComponent(filter.q)}`;
  return '/jobs';
}

function JobBox(props: SectionProps) {
  const { section, type } = props;
  const { user } = useUser();
  const own = filterQuery(section.filterParams);
  const featured = featuredQuery(own, Boolean(user));
  // The jobs that came with the page are a visitor's (cached on the server for a minute): a
  // signed-in candidate asks herself, so the jobs she applied to stay out (issue 41, item 14).
  const serverJobs = user ? null : jobsOf(section);
  // A prerendered page was built without jobs: they appear right after hydration.
  const hydrated = useHydrated();
  return (
    <SectionFrame {...props} className={styles.box}>
      {type === 'job-box-with-typesense' && <JobSearchForm />}
      {!hydrated ? <JobsLoading /> : featured ? <LoadedJobs query={{ ...own, ...featured }} onOpen={trackJobBoxOpen} /> : serverJobs ? <JobGrid jobs={serverJobs.items} onOpen={trackJobBoxOpen} /> : <LoadedJobs query={{ ...own, itemsPerPage: limitOf(section) }} onOpen={trackJobBoxOpen} />}
      <p><Link to={allJobsLink(section)}>Alle Jobs ansehen</Link></p>
    </SectionFrame>
  );
}

function JobBoxWithTabs(props: SectionProps) {
  const { section } = props;
  const { user } = useUser();
  const id = useId();
  const tabs = (Array.isArray(section.tabs) ? (section.tabs as Tab[]) : []).filter((t) => t.title);
  const [active, setActive] = useState(0);
  const hydrated = useHydrated();
  if (tabs.length === 0) return <JobBox {...props} />;
  const own = filterQuery(section.filterParams);
  const tabFilter = { ...own, ...filterQuery(tabs[active]?.filterParams) };
  const featured = featuredQuery(tabFilter, Boolean(user));
  const serverJobs = user ? null : jobsOf(section); // as in JobBox: a visitor's jobs only
  // The first tab without a group of its own shows the jobs that came with the page.
  const useServerJobs = active === 0 && !featured && serverJobs !== null;
  return (
    <SectionFrame {...props} className={styles.box}>
      <div role="tablist" className={styles.tabs} aria-label={section.title ?? 'Jobs'}>
        {tabs.map((tab, i) => (
          <button key={i} type="button" role="tab" id={`${id}-tab-${i}`} aria-selected={i === active} aria-controls={`${id}-panel`}
            tabIndex={i === active ? 0 : -1} className={styles.tab} onClick={() => setActive(i)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') setActive((active + 1) % tabs.length);
              if (e.key === 'ArrowLeft') setActive((active + tabs.length - 1) % tabs.length);
            }}>
            {tab.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active}`} data-tab={tabs[active]?.title}>
        {!hydrated ? <JobsLoading /> : useServerJobs ? <JobGrid jobs={serverJobs.items} onOpen={trackJobBoxOpen} /> : <LoadedJobs query={featured ? { ...tabFilter, ...featured } : { ...tabFilter, itemsPerPage: limitOf(section) }} onOpen={trackJobBoxOpen} />}
      </div>
      <p><Link to={allJobsLink(section)}>Alle Jobs ansehen</Link></p>
    </SectionFrame>
  );
}

/** A job section's `filterParams` as the search context of the jobs feature. */
export function searchContext(raw: unknown): SearchContext {
  const f = (raw ?? {}) as Filter;
  const context: SearchContext = {};
  if (typeof f.jobType === 'string') context.jobType = f.jobType;
  if (typeof f.q === 'string' && f.q) context.what = f.q;
  const activities = Array.isArray(f.activities) ? f.activities : typeof f.activity === 'string' ? f.activity.split(',') : [];
  if (activities.length > 0) context.activities = activities.map(String);
  if (typeof f.lat === 'number' && typeof f.lon === 'number') context.city = { lat: f.lat, lon: f.lon };
  else if (typeof f.city === 'string') context.city = f.city;
  return context;
}

/**
 * The full job list of a landing page: the section's filter (job type, activities, city) plus the
 * visitor's search in the address (what, where, radius, period, sorting, page), the job-alert button
 * and the same tracking as the search page.
 */
function JobListing(props: SectionProps) {
  const { section, pageTitle } = props;
  const [params] = useSearchParams();
  const filters = readFilters(params);
  const context = searchContext(section.filterParams);
  // A job alert is named like the page ("Messejobs", "Jobs in Berlin").
  const title = pageTitle ?? sectionTitle(section) ?? 'Jobs';
  return (
    <SectionFrame {...props}>
      <JobSearch filters={filters} context={context} alertTitle={title} className={styles.filters} />
    </SectionFrame>
  );
}

function OrganizationList(props: SectionProps) {
  const { section, type } = props;
  const list = useQuery(organizationListQueryOptions('', 1));
  const limit = limitOf(section);
  const items = (list.data?.['hydra:member'] ?? [])
    .slice()
    .sort((a, b) => (type === 'organization-top-list' ? (b.openJobs ?? 0) - (a.openJobs ?? 0) : 0))
    .slice(0, limit);
  return (
    <SectionFrame {...props}>
      {list.isError && <p role="alert">Die Jobanbieter konnten gerade nicht geladen werden.</p>}
      <ul className={type === 'organization-carousel' ? styles.carousel : styles.grid}>
        {items.map((org) => (
          <li key={org.id} className={styles.card}>
            <h3 className={styles.cardTitle}><Link to={`/jobanbieter/${org.slug}`}>{org.name}</Link></h3>
            {org.city && <p className={styles.muted}>{org.city}</p>}
            {typeof org.openJobs === 'number' && <p>{org.openJobs === 1 ? '1 offener Job' : `${org.openJobs} offene Jobs`}</p>}
          </li>
        ))}
      </ul>
      {type === 'organization-listing' && <p><Link to="/jobanbieter">Alle Jobanbieter</Link></p>}
    </SectionFrame>
  );
}

function OrganizationDetails(props: SectionProps) {
  const slug = (props.section.filterParams as { slug?: string } | undefined)?.slug ?? '';
  const org = useQuery({ ...organizationQueryOptions(slug), enabled: Boolean(slug) });
  if (!org.data) return null;
  return (
    <SectionFrame {...props} title={org.data.name}>
      {org.data.description && <p>{org.data.description}</p>}
      <p><Link to={`/jobanbieter/${org.data.slug}`}>Zum Profil von {org.data.name}</Link></p>
    </SectionFrame>
  );
}

/** The 15 account-* section types (docs/content.md) and the account page each one draws. */
export const ACCOUNT_SECTION_ROUTES: Record<string, string> = {
  'account-applications': 'meine-bewerbungen',
  'account-billing-provider': 'mein-byll-account',
  'account-dashboard': 'mein-dashboard',
  'account-data': 'meine-daten',
  'account-deletion': 'meinen-account-loeschen',
  'account-documents': 'meine-dokumente',
  'account-email-change': 'meine-email-aendern',
  'account-favorites': 'meine-favoriten',
  'account-images': 'meine-bilder',
  'account-invoices': 'myInvoices',
  'account-job-alerts': 'meine-job-alerts',
  'account-password-change': 'mein-passwort-aendern',
  'account-ratings': 'meine-bewertungen',
  'account-settings': 'meine-einstellungen',
  'account-videos': 'meine-videos',
};

/**
 * An account section: the account page itself, with its sign-in prompt for visitors, under the
 * section's title (or the page's own). Its code loads when the section is drawn.
 */
function AccountSection({ section, type }: SectionProps) {
  const path = ACCOUNT_SECTION_ROUTES[type] ?? '';
  const title = sectionTitle(section) ?? ACCOUNT_ROUTES.find(([p]) => p === path)?.[1] ?? '';
  return (
    <div data-section={type}>
      <Suspense fallback={<p role="status" className={styles.muted}>Wird geladen …</p>}>{accountElement(path, title)}</Suspense>
    </div>
  );
}

const render = (Component: (props: SectionProps) => React.ReactNode) => (_: Section, props: SectionProps) => <Component {...props} />;

/** A content page's job box: `job_box_viewed` once, when it first enters the viewport (spec section 7). */
function SeenJobBox({ props, Component }: { props: SectionProps; Component: (props: SectionProps) => React.ReactNode }) {
  const ref = useSeenOnce<HTMLDivElement>(() => track('job_box_viewed', { type: props.type }));
  return (
    <div ref={ref} data-job-box={props.type}>
      <Component {...props} />
    </div>
  );
}

const box = (Component: (props: SectionProps) => React.ReactNode) => (_: Section, props: SectionProps) => <SeenJobBox props={props} Component={Component} />;

export const FEATURE_SECTIONS: SectionRenderers = {
  'job-box-with-tabs': box(JobBoxWithTabs),
  'job-box-with-typesense': box(JobBox),
  'job-box-without-tabs': box(JobBox),
  'job-listing-with-filter': render(JobListing),
  'job-listing-with-typesense': render(JobListing),
  'organization-carousel': render(OrganizationList),
  'organization-listing': render(OrganizationList),
  'organization-top-list': render(OrganizationList),
  'organization-details': render(OrganizationDetails),
  'job-details': (_: Section, props: SectionProps) => (
    <Suspense fallback={null}>
      <JobDetailsSection {...props} />
    </Suspense>
  ),
  ...Object.fromEntries(Object.keys(ACCOUNT_SECTION_ROUTES).map((type) => [type, render(AccountSection)])),
};


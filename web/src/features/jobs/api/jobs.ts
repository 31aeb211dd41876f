// The job catalogue calls (docs/catalogue.md): the list with its filters, the detail by slug or
// id, totals. Query keys for the whole feature are built here.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FreeShift } from '@/shared/api/shifts';
import { api } from '@/shared/api/client';
import type { ResponseTime } from '@/shared/ui/response-time';

export type Named = { id: number; slug?: string; name: string };

export type JobLocation = {
  id?: number;
  name?: string;
  city?: string;
  street?: string;
  zipcode?: string;
  country?: string;
  lat?: number;
  lon?: number;
  distance?: number;
};

export type JobCard = {
  id: number;
  slug: string;
  title: string;
  teaser?: string;
  logo?: string;
  organization?: { id: number; name: string; slug?: string } | null;
  activities: Named[];
  employmentTypes: Named[];
  locations: JobLocation[];
  tags?: Named[] | string[];
  baseSalary?: number | null;
  salaryUnit?: string | null;
  salaryCurrency?: string | null;
  publishedAt?: string;
  distance?: number | null;
  top_job?: boolean;
  top_offer?: boolean;
  sponsored?: boolean;
  /** A search by Einsatztage: the free shifts in those dates, the first two and how many in all (docs/search.md). */
  /** total is at most 100; totalCapped: there are more than 100 (the server stops counting). */
  freeShifts?: { total: number; totalCapped?: boolean; next: FreeShift[] };
};

export type JobDetail = JobCard & {
  jobId?: string;
  /** Issue 42: the upper end of a pay range, and the minimum-wage exemption the provider chose. */
  baseSalaryMax?: number | null;
  wageExemption?: string | null;
  description?: string;
  industries?: Named[];
  brands?: (Named | string)[];
  locationDescription?: string | null;
  periodDescription?: string | null;
  salaryDescription?: string | null;
  overnightStayAllowance?: number | string | null;
  travelExpenses?: number | string | null;
  specialPayments?: number | string | null;
  workingTime?: string | null;
  benefits?: string | string[] | null;
  requirement?: string | null;
  validThrough?: string | null;
  contact?: { name?: string; email?: string; phone?: string } | null;
  company?: {
    name?: string;
    legalForm?: string;
    street?: string;
    zipcode?: string;
    city?: string;
    country?: string;
    website?: string;
    registerCourt?: string;
    registerNumber?: string;
    vatId?: string;
  } | null;
  responseTime?: ResponseTime | null;
};

export type JobList = {
  'hydra:member': JobCard[];
  'hydra:totalItems': number;
  totalItemsCapped?: boolean;
  page?: number;
  itemsPerPage?: number;
};

export type JobQuery = Record<string, string | number | undefined>;

export const jobKeys = {
  all: ['jobs'] as const,
  lists: () => [...jobKeys.all, 'list'] as const,
  list: (query: JobQuery) => [...jobKeys.lists(), query] as const,
  details: () => [...jobKeys.all, 'detail'] as const,
  detail: (slugOrId: string) => [...jobKeys.details(), slugOrId] as const,
  totals: () => [...jobKeys.all, 'totals'] as const,
  similar: (id: number, count: number, signedIn = false) => [...jobKeys.detail(String(id)), 'similar', count, { signedIn }] as const,
};

/**
 * The API takes repeatable filters as `activity[]=a&activity[]=b`; a comma list means the same.
 * Signed-in candidates get lists without the jobs they applied to (`notYetAppliedTo`, spec
 * section 7); the flag is part of the key, so signing in or out fetches the list again.
 */
export const jobListQueryOptions = (query: JobQuery, signedIn = false) =>
  queryOptions({
    queryKey: jobKeys.list(signedIn ? { ...query, notYetAppliedTo: 1 } : query),
    queryFn: ({ signal }) =>
      api.get<JobList>('/job_postings', { query: { isPublished: 1, ...query, ...(signedIn ? { notYetAppliedTo: 1 } : {}) }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** `/jobs/{slug}` and `/jobs/{id}`: digits only is an id. */
export const jobDetailQueryOptions = (slugOrId: string) =>
  queryOptions({
    queryKey: jobKeys.detail(slugOrId),
    queryFn: ({ signal }) =>
      api.get<JobDetail>(/^\d+$/.test(slugOrId) ? `/job_postings/${slugOrId}` : `/job_postings/slug/${encodeURIComponent(slugOrId)}`, { signal }),
    staleTime: 60_000,
    retry: false,
  });

export type Totals = { total: number; jobTypes: { jobType: string; name: string; total: number }[] };

export const totalsQueryOptions = () =>
  queryOptions({ queryKey: jobKeys.totals(), queryFn: ({ signal }) => api.get<Totals>('/job_postings_totals', { signal }), staleTime: 60_000 });

/**
 * Jobs similar to one job (GET /job_postings/{id}/recommend/{n}/random). The server leaves out the
 * jobs a signed-in candidate applied to; `signedIn` is part of the key, so signing in fetches again.
 */
export const similarJobsQueryOptions = (id: number, count = 3, signedIn = false) =>
  queryOptions({
    queryKey: jobKeys.similar(id, count, signedIn),
    queryFn: ({ signal }) => api.get<JobList>(`/job_postings/${id}/recommend/${count}/random`, { signal }),
    staleTime: 5 * 60_000,
  });

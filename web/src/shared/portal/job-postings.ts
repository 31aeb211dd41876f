// The provider's job postings as the portal reads them (docs/providers.md, "Job postings"): the
// job's fields as the server types them, the organization's list by state and one job in any state.
// The job pages, the applicant list's job filter and the shift pages read them; the writes are the
// jobs feature's (features/portal-jobs/api/job-changes.ts).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { JobPostingState } from './filters';
import { providerKeys } from './keys';

type Named = { id: number; slug: string; name: string };

export type JobPostingLocation = {
  id?: number;
  street: string | null;
  zipcode: string | null;
  city: string | null;
  country: string | null;
  lat?: number | null;
  lon?: number | null;
  placeId?: number | null;
};

export type JobPosting = {
  id: number;
  slug: string;
  state: JobPostingState;
  title: string;
  description: string | null;
  activities: Named[];
  employmentTypes: Named[];
  industries: Named[];
  brands: string[];
  tags: string[];
  locations: JobPostingLocation[];
  locationDescription: string | null;
  periodDescription: string | null;
  salaryDescription: string | null;
  baseSalary: number | null;
  salaryUnit: string | null;
  salaryCurrency: string | null;
  /** Issue 42: the upper end of a pay range, the minimum-wage exemption chosen, and whether the pay is missing (a job published before pay was required). */
  baseSalaryMax?: number | null;
  wageExemption?: WageExemption | null;
  payMissing?: boolean;
  overnightStayAllowance: string | null;
  travelExpenses: string | null;
  specialPayments: string | null;
  workingTime: string | null;
  benefits: string | null;
  requirement: string | null;
  contact: { name: string | null; email: string | null; phone: string | null } | null;
  validThrough: string | null;
  applicationsCount?: number;
  /** Views of the job's page in the last 30 days, counted by the server without cookies. */
  viewsLast30Days?: number;
  /** Berlin days until validThrough: 0 ends today, negative ended, null without an end date. */
  daysLeft?: number | null;
  createdAt?: string;
  updatedAt?: string;
  publishedAt?: string | null;
  closedAt?: string | null;
  publicUrl?: string;
  /** Issue 42 item 3: the findings of the AGG wording check on the stored text (warnings), and the administrators' review. */
  wordingFindings?: WordingFinding[];
  review?: { since: string | null; findings: WordingFinding[]; rejectedAt: string | null; rejection: string | null };
  /** Issue 44 item 5: the slugs of the channels the job is published in (always `jobhafen`; docs/reach.md "Kanäle pro Anzeige"). */
  channels?: string[];
};

/** One finding of the AGG wording check (config/agg_wording.json): where, the words found, why, and a better wording. */
export type WordingFinding = { field: string; rule: string; category: string; words: string; why: string; suggestion: string };

/** The free texts of a job's detail (each ≤ 5000 characters on the server). */
export type JobTextField =
  | 'locationDescription'
  | 'periodDescription'
  | 'workingTime'
  | 'salaryDescription'
  | 'overnightStayAllowance'
  | 'travelExpenses'
  | 'specialPayments'
  | 'requirement'
  | 'benefits';

export type SalaryUnit = 'hour' | 'day' | 'month' | 'project';
/** A minimum-wage exemption the law knows (docs/fair-play.md). */
export type WageExemption = 'freelance' | 'minor' | 'mandatory_internship';
export type SalaryCurrency = 'EUR' | 'CHF';
export type LocationCountry = 'de' | 'at' | 'ch';

/** A location as the server takes it: a chosen place (`placeId`), or a city looked up by name. */
export type JobLocationInput = ({ placeId: number } | { city: string; country: LocationCountry }) & {
  street: string | null;
  zipcode: string | null;
};

/**
 * The job fields POST and PATCH take (docs/providers.md, "The job fields"; the server's `writable`
 * members in actors/jobs/job_postings_editor.cpp): lists of activities, employment types and
 * industries by slug, brands and tags as words, `null` clears a field.
 */
export type JobPostingFields = Record<JobTextField, string | null> & {
  title: string;
  description: string | null;
  activities: string[];
  employmentTypes: string[];
  industries: string[];
  brands: string[];
  tags: string[];
  locations: JobLocationInput[];
  baseSalary: number | null;
  salaryUnit: SalaryUnit | null;
  salaryCurrency: SalaryCurrency;
  baseSalaryMax: number | null;
  wageExemption: WageExemption | null;
  contact: { name: string | null; email: string | null; phone: string | null };
  /** `YYYY-MM-DD` (end of that day in Berlin) or an ISO 8601 date-time. */
  validThrough: string | null;
  /** The channels chosen (slugs of GET /publication_channels); absent: a new job gets every free one, a saved job keeps its own. */
  channels?: string[];
};

/** PATCH: a merge-patch of the job fields. */
export type JobPostingPatch = Partial<JobPostingFields>;
export type JobPostingList = { 'hydra:member': JobPosting[]; 'hydra:totalItems': number };

export const JOBS_PER_PAGE = 20;

export const jobListQueryOptions = (organizationId: number, state: JobPostingState | undefined, page: number, itemsPerPage = JOBS_PER_PAGE) =>
  queryOptions({
    queryKey: providerKeys.jobList(organizationId, state, page, itemsPerPage),
    queryFn: ({ signal }) =>
      api.get<JobPostingList>(`/organizations/${organizationId}/job_postings`, { query: { state, page, itemsPerPage }, signal }),
    placeholderData: keepPreviousData,
  });

export const jobQueryOptions = (organizationId: number, id: number) =>
  queryOptions({
    queryKey: providerKeys.job(organizationId, id),
    queryFn: ({ signal }) => api.get<JobPosting>(`/organizations/${organizationId}/job_postings/${id}`, { signal }),
    retry: false,
  });

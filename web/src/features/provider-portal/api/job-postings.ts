// The provider's job postings (docs/providers.md, "Job postings"): the organization's list by
// state, one job in any state, drafts, merge-patch, and the actions publish / unpublish / close /
// duplicate. Every change refreshes the organization's lists and the member (its count of active ads).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { providerKeys } from './keys';

export type JobPostingState = 'draft' | 'published' | 'paused' | 'closed';
export const JOB_POSTING_STATES: JobPostingState[] = ['draft', 'published', 'paused', 'closed'];

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
  overnightStayAllowance: string | null;
  travelExpenses: string | null;
  specialPayments: string | null;
  workingTime: string | null;
  benefits: string | null;
  requirement: string | null;
  contact: { name: string | null; email: string | null; phone: string | null } | null;
  validThrough: string | null;
  applicationsCount?: number;
  createdAt?: string;
  updatedAt?: string;
  publishedAt?: string | null;
  closedAt?: string | null;
  publicUrl?: string;
};

/** What POST and PATCH take: the job fields, lists as slugs, locations by place or by name. */
export type JobPostingBody = Record<string, unknown>;

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

export const createJobPosting = (body: JobPostingBody) => api.post<JobPosting>('/job_postings', body);
export const patchJobPosting = (id: number, body: JobPostingBody) => api.patch<JobPosting>(`/job_postings/${id}`, body);

export type JobAction = 'publish' | 'unpublish' | 'close' | 'duplicate';
export const runJobAction = (id: number, action: JobAction) => api.post<JobPosting>(`/job_postings/${id}/${action}`);

/** After any change: the job as the server now has it, the lists and the member's count of active ads. */
export function useRefreshAfterJobChange(organizationId: number) {
  const queryClient = useQueryClient();
  return async (job?: JobPosting) => {
    if (job) queryClient.setQueryData(providerKeys.job(organizationId, job.id), job);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...providerKeys.jobs(organizationId), 'list'] }),
      queryClient.invalidateQueries({ queryKey: providerKeys.member() }),
    ]);
  };
}

export function useJobAction(organizationId: number) {
  const refresh = useRefreshAfterJobChange(organizationId);
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: JobAction }) => runJobAction(id, action),
    onSuccess: (job) => refresh(job),
  });
}

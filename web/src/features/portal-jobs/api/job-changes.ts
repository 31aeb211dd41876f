// Changing the provider's job postings (docs/providers.md, "Job postings"): drafts, merge-patch
// (typed as the server's job fields, and with `publish` saved and published in one request), the
// live AGG wording check, and the actions publish / unpublish / close / duplicate. Every change
// refreshes the organization's lists and the member (its count of active ads).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/shared/api/client';
import type { JobPosting, JobPostingPatch, JobTextField, WordingFinding } from '@/shared/portal/job-postings';
import { providerKeys } from '@/shared/portal/keys';

/** POST: a new job needs its title; `organization` is the member's own (id). */
export type NewJobPosting = JobPostingPatch & { title: string; organization?: number };

/** `publish`: save and publish in one request (`?publish=1`); a job that cannot be published is not saved. */
export type SaveOptions = { publish?: boolean };

const publishQuery = ({ publish = false }: SaveOptions) => (publish ? { query: { publish: 1 } } : undefined);
export const createJobPosting = (body: NewJobPosting, options: SaveOptions = {}) =>
  api.post<JobPosting>('/job_postings', body, publishQuery(options));
export const patchJobPosting = (id: number, body: JobPostingPatch, options: SaveOptions = {}) =>
  api.patch<JobPosting>(`/job_postings/${id}`, body, publishQuery(options));

/** What the live AGG wording check reads: the job's texts and its activities (ids or slugs). */
export type WordingTexts = Partial<Record<JobTextField | 'title' | 'description', string | null>> & { activities: string[] };

/**
 * The findings of the AGG wording check for texts not saved yet (POST /api/job_postings/wording_check),
 * asked half a second after the last keystroke; undefined until the first answer. The server's list
 * is the one rule (config/agg_wording.json), so the editor's live warnings and the review agree.
 */
export function useWordingCheck(texts: WordingTexts, enabled: boolean): WordingFinding[] | undefined {
  const [settled, setSettled] = useState(texts);
  const key = JSON.stringify(texts);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as WordingTexts), 500);
    return () => clearTimeout(timer);
  }, [key]);
  const check = useQuery({
    queryKey: providerKeys.wording(settled),
    queryFn: ({ signal }) => api.post<{ wordingFindings: WordingFinding[] }>('/job_postings/wording_check', settled, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
  });
  return check.data?.wordingFindings;
}

export type JobAction = 'publish' | 'unpublish' | 'close' | 'duplicate';
export const runJobAction = (id: number, action: JobAction) => api.post<JobPosting>(`/job_postings/${id}/${action}`);

/** After any change: the job as the server now has it, the lists and the member's count of active ads. */
export function useRefreshAfterJobChange(organizationId: number) {
  const queryClient = useQueryClient();
  return async (job?: JobPosting) => {
    if (job) queryClient.setQueryData(providerKeys.job(organizationId, job.id), job);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: providerKeys.jobLists(organizationId) }),
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

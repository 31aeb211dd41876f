// A candidate's applications: sent from the job detail (POST /job_postings/{id}/apply) and listed on
// /meine-bewerbungen (GET /applications/my). Both features use these keys, so applying refreshes the list.
import type { ApplicationSourceBody } from '@/shared/tracking/application-source';
import { api } from './client';

export type Application = {
  id: number;
  status: 'sent' | 'seen' | 'accepted' | 'declined' | 'shortlisted' | 'invited' | 'hired';
  forwarded: boolean;
  /** The organization's retention period is over (docs/fair-play.md): its side is gone, shown as "abgelaufen". */
  anonymized?: boolean;
  notes: string | null;
  createdAt: string;
  jobPosting: { id: number; slug: string; title: string; organization: { name: string } };
};

export const applicationKeys = {
  all: ['applications'] as const,
  my: () => [...applicationKeys.all, 'my'] as const,
  myPage: (page: number) => [...applicationKeys.my(), page] as const,
  /** The candidate's application to one job (none: not applied). */
  forJob: (jobId: number) => [...applicationKeys.all, 'my', 'job', jobId] as const,
};

/** The signed-in candidate's application to job `jobId`, or null when there is none. */
export async function myApplicationForJob(jobId: number, signal?: AbortSignal): Promise<Application | null> {
  const page = await api.get<{ 'hydra:member': Application[] }>('/applications/my', { signal, query: { jobPosting: jobId, itemsPerPage: 1 } });
  return page['hydra:member'][0] ?? null;
}

export const applyToJob = (
  id: number,
  /** `source`: where the candidate came from, as the flow's URL carries it (shared/tracking/application-source.ts). */
  body: { notes: string; locations: number[]; shifts?: number[]; birthDate?: string; source?: ApplicationSourceBody },
) =>
  api.post<void>(`/job_postings/${id}/apply`, { data: body });

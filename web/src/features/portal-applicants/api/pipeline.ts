// The organization's pipeline tools for its applicants (docs/providers.md, "Pipeline tools"):
// private notes and a 1–5 rating per application (the team sees them, the candidate never), the
// neighbours of an applicant in the list's order and filter, one status change with one message
// for several applications, and the address of a job's (or all jobs') applicants as a CSV file.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, API_BASE } from '@/shared/api/client';
import type { ApplicantFilter, ApplicantStatus } from '@/shared/portal/filters';
import { providerKeys } from '@/shared/portal/keys';

export const NOTE_MAX = 2000;
export const BULK_MAX = 100;

export type ApplicantNote = { id: number; body: string; author: string; mine: boolean; createdAt: string };
export type ApplicantRating = { stars: number | null; setBy: string | null; updatedAt: string | null };
type Neighbour = { id: number; firstName: string; lastName: string };
export type ApplicantNeighbours = { previous: Neighbour | null; next: Neighbour | null };
export type NeighbourFilter = Omit<ApplicantFilter, 'page'>;

export const notesQueryOptions = (organizationId: number, id: number) =>
  queryOptions({
    queryKey: providerKeys.applicantNotes(organizationId, id),
    queryFn: ({ signal }) => api.get<{ 'hydra:member': ApplicantNote[] }>(`/applications/${id}/notes`, { signal }),
    select: (answer) => answer['hydra:member'],
  });

export const ratingQueryOptions = (organizationId: number, id: number) =>
  queryOptions({
    queryKey: providerKeys.applicantRating(organizationId, id),
    queryFn: ({ signal }) => api.get<ApplicantRating>(`/applications/${id}/rating`, { signal }),
  });

export const neighboursQueryOptions = (organizationId: number, id: number, filter: NeighbourFilter) =>
  queryOptions({
    queryKey: providerKeys.applicantNeighbours(organizationId, id, filter),
    queryFn: ({ signal }) =>
      api.get<ApplicantNeighbours>(`/applications/${id}/neighbours`, { query: { jobPosting: filter.jobPosting, status: filter.status }, signal }),
  });

/** After a change the team's view of this application and the lists (which show the rating) are fresh. */
function useRefresh(organizationId: number, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: providerKeys.applicantLists(organizationId) }),
    ]);
}

export function useAddNote(organizationId: number, id: number) {
  const refresh = useRefresh(organizationId, providerKeys.applicantNotes(organizationId, id));
  return useMutation({ mutationFn: (body: string) => api.post<ApplicantNote>(`/applications/${id}/notes`, { body }), onSuccess: refresh });
}

export function useDeleteNote(organizationId: number, id: number) {
  const refresh = useRefresh(organizationId, providerKeys.applicantNotes(organizationId, id));
  return useMutation({ mutationFn: (noteId: number) => api.delete<void>(`/application_notes/${noteId}`), onSuccess: refresh });
}

export function useSetRating(organizationId: number, id: number) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(organizationId, providerKeys.applicantRating(organizationId, id));
  return useMutation({
    mutationFn: (stars: number | null) => api.put<ApplicantRating>(`/applications/${id}/rating`, { stars }),
    onSuccess: async (rating) => {
      queryClient.setQueryData(providerKeys.applicantRating(organizationId, id), rating);
      await refresh();
    },
  });
}

export type BulkChange = { ids: number[]; status: ApplicantStatus; message?: string };
export type BulkAnswer = { 'hydra:member': { id: number; status: ApplicantStatus; statusMail: string | null }[] };

/** One request for all chosen applications: all change, or none (the server says which failed). */
export function useBulkStatus(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BulkChange) => api.post<BulkAnswer>(`/organizations/${organizationId}/applications/status`, change),
    onSuccess: async (_answer, change) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: providerKeys.applicants(organizationId) }),
        queryClient.invalidateQueries({ queryKey: providerKeys.dashboard(organizationId) }),
        ...change.ids.map((id) => queryClient.invalidateQueries({ queryKey: providerKeys.applicant(organizationId, id) })),
      ]);
    },
  });
}

/** The CSV file of a job's applicants (a download from our own page: the server refuses another site's). */
/** One job's applicants, or (without a job) those of every job of the organization (issue 41). */
export const applicantsCsvUrl = (organizationId: number, jobId?: number) =>
  jobId
    ? `${API_BASE}/organizations/${organizationId}/job_postings/${jobId}/applications.csv`
    : `${API_BASE}/organizations/${organizationId}/applications.csv`;

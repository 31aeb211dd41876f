// The parts of the candidate's profile the applying flow needs (GET/PATCH
// /candidate_profiles/{id}): whether the data relevant for applying is there, and filling it in.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export type ApplyProfile = {
  id: number;
  firstName?: string | null;
  lastName?: string | null;
  gender?: string | null;
  hasActivitySkills?: boolean | null;
  addresses?: { street?: string; zipcode?: string; city?: string; country?: string }[];
  communicationData?: { type: string; value: string }[];
  languages?: { language: string; level: string }[];
  jobEmployment?: { jobEmploymentStatus?: string | null } | null;
  hasRelevantDataForApplication: boolean;
};

export const applyProfileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['profiles', id, 'apply'] as const,
    queryFn: ({ signal }) => api.get<ApplyProfile>(`/candidate_profiles/${id}`, { signal }),
  });

export const patchProfile = (id: number, patch: Record<string, unknown>) => api.patch<ApplyProfile>(`/candidate_profiles/${id}`, patch);

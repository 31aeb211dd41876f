// The signed-in candidate's profile (GET/PATCH /api/candidate_profiles/{id}, merge-patch), used by
// the account pages (the sedcard) and the application flow (the data needed for applying). One
// query key for both, so a change made while applying shows on /meine-daten and the other way round.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export type ProfileDocument = { id: number; type?: string; attachments?: { id: number; fileName?: string }[] } & Record<string, unknown>;

export type CandidateProfile = Record<string, unknown> & {
  id: number;
  completenessPercent: number;
  completeness: { points: number; maxPoints: number; percent: number; groups: Record<string, boolean> };
  profileImagePortrait: { id: number; contentUrl: string; thumbnailUrl: string } | null;
  images: { id: number; type: string; contentUrl?: string }[];
  videos: { id: number; type: string; contentUrl?: string }[];
  profileDocumentBusinessLicense: ProfileDocument[];
  profileDocumentCertificateOfEnrollment: ProfileDocument[];
  profileDocumentsMisc: ProfileDocument[];
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

export const candidateProfileKeys = {
  all: ['candidate-profile'] as const,
  detail: (id: number) => [...candidateProfileKeys.all, id] as const,
};

export const getCandidateProfile = (id: number, signal?: AbortSignal) => api.get<CandidateProfile>(`/candidate_profiles/${id}`, { signal });

export const patchCandidateProfile = (id: number, patch: Record<string, unknown>) =>
  api.patch<CandidateProfile>(`/candidate_profiles/${id}`, patch);

export const candidateProfileQueryOptions = (id: number) =>
  queryOptions({ queryKey: candidateProfileKeys.detail(id), queryFn: ({ signal }) => getCandidateProfile(id, signal) });

export function useCandidateProfile(id: number) {
  return useQuery(candidateProfileQueryOptions(id));
}

/** Saves a merge patch and puts the answer (the whole profile) into the cache. */
export function useSaveCandidateProfile(id: number) {
  const client = useQueryClient();
  return async (patch: Record<string, unknown>) => {
    const profile = await patchCandidateProfile(id, patch);
    client.setQueryData(candidateProfileKeys.detail(id), profile);
    return profile;
  };
}

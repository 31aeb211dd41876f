// The candidate search (Bewerberdatenbank, docs/providers.md "Candidate search"): a page of
// candidate cards by activity, place and radius, employment status and working time; one card with
// its details (the server logs the view); contacting a candidate through Jobhafen; the
// organization's own status (shortlisted / declined).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { providerKeys } from '@/shared/portal/keys';

export type SearchStatus = 'none' | 'viewed' | 'contacted' | 'shortlisted' | 'declined';

export type CandidateCard = {
  id: number;
  firstName: string;
  lastNameInitial: string | null;
  ageBand: string | null;
  city: string | null;
  activities: { slug: string; name: string }[];
  employmentStatus: string | null;
  workingTimes: string[];
  completenessPercent: number;
  portrait: string | null;
  distanceKm: number | null;
  searchStatus: SearchStatus;
};

type Named = { language?: string; level?: string; skill?: string; title?: string; organization?: string; description?: string };

export type CandidateDetail = CandidateCard & {
  profileSummary?: string;
  workPreference?: { preferenceSummary?: string; preferredEmploymentTypes?: string[]; preferredWorkingPlaces?: string[] };
  languages?: Named[];
  workExperiences?: Named[];
  promotionExperiences?: Named[];
  schoolings?: Named[];
  mobility?: { ownCar?: boolean; drivingLicenses?: string[] };
  lastContactedAt?: string;
};

export type CandidateFilter = {
  activity?: string;
  lat?: number;
  lon?: number;
  distance?: number;
  employmentStatus?: string;
  workingTime?: string;
  page: number;
};

export type CandidateList = { 'hydra:member': CandidateCard[]; 'hydra:totalItems': number };

export const CANDIDATES_PER_PAGE = 20;

const base = (organizationId: number) => `/organizations/${organizationId}/candidate_search`;

export const candidateSearchQueryOptions = (organizationId: number, filter: CandidateFilter) =>
  queryOptions({
    queryKey: providerKeys.candidateList(organizationId, filter),
    queryFn: ({ signal }) =>
      api.get<CandidateList>(base(organizationId), {
        query: {
          activity: filter.activity,
          lat: filter.lat,
          lon: filter.lon,
          distance: filter.lat !== undefined ? filter.distance : undefined,
          employmentStatus: filter.employmentStatus,
          workingTime: filter.workingTime,
          page: filter.page,
          itemsPerPage: CANDIDATES_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const candidateQueryOptions = (organizationId: number, id: number) =>
  queryOptions({
    queryKey: providerKeys.candidate(organizationId, id),
    queryFn: ({ signal }) => api.get<CandidateDetail>(`${base(organizationId)}/${id}`, { signal }),
    retry: false,
  });

/** After a contact or a mark: the card as the server has it now, and the lists' status badges. */
function useRefreshCandidate(organizationId: number) {
  const queryClient = useQueryClient();
  return async (id: number, detail?: CandidateDetail) => {
    if (detail) queryClient.setQueryData(candidateQueryOptions(organizationId, id).queryKey, detail);
    else await queryClient.invalidateQueries({ queryKey: candidateQueryOptions(organizationId, id).queryKey });
    await queryClient.invalidateQueries({ queryKey: providerKeys.candidateLists(organizationId) });
  };
}

export function useContactCandidate(organizationId: number, id: number) {
  const refresh = useRefreshCandidate(organizationId);
  return useMutation({
    mutationFn: (message: string) => api.post<CandidateDetail>(`${base(organizationId)}/${id}/contact`, { message }),
    onSuccess: (detail) => refresh(id, detail),
  });
}

export function useMarkCandidate(organizationId: number, id: number) {
  const refresh = useRefreshCandidate(organizationId);
  return useMutation({
    mutationFn: (status: 'shortlisted' | 'declined') =>
      api.patch<{ status: SearchStatus }>(`/candidate_profiles/${id}/pbasis_search/${organizationId}/status`, { status }),
    onSuccess: () => refresh(id),
  });
}

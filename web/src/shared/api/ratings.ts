// Star ratings of organizations: given on the organization page (POST /organization_star_ratings)
// and listed on /meine-bewertungen. Both features use these keys, so a new rating shows in the list.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client';

export type Rating = {
  id: number;
  stars: number;
  comment: string | null;
  createdAt: string;
  author?: string;
  organization: { id: number; name: string };
  /** Backed by an approved shift at the organization: shown as "nach einem Einsatz" (docs/shifts.md). */
  afterShift?: boolean;
  /** The job the rating is for, when the candidate named one. */
  jobPosting?: string | null;
};

export const ratingKeys = {
  all: ['ratings'] as const,
  my: (accountId: number) => [...ratingKeys.all, 'my', accountId] as const,
  organization: (organizationId: number, page: number) => [...ratingKeys.all, 'organization', organizationId, page] as const,
  eligibility: (organizationId: number, accountId: number) => [...ratingKeys.all, 'eligibility', organizationId, accountId] as const,
};

/** Whether she may rate the organization now, and why not in German (issue 41, item 16; the rule of the rating itself). */
export type RatingEligibility = { canRate: boolean; reason: string | null; ratedAt: string | null; applications: number; applicationsNeeded: number };

export const ratingEligibilityQueryOptions = (organizationId: number, accountId: number) =>
  queryOptions({
    queryKey: ratingKeys.eligibility(organizationId, accountId),
    queryFn: ({ signal }) => api.get<RatingEligibility>(`/organizations/${organizationId}/star_rating_eligibility`, { signal }),
    retry: false,
  });

/** One page of an organization's ratings, newest first (GET /organizations/{id}/star_ratings). */
export const organizationRatingsQueryOptions = (organizationId: number, page: number, perPage: number) =>
  queryOptions({
    queryKey: ratingKeys.organization(organizationId, page),
    queryFn: ({ signal }) =>
      api.get<{ 'hydra:member': Rating[]; 'hydra:totalItems': number }>(`/organizations/${organizationId}/star_ratings`, {
        query: { page, itemsPerPage: perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const rateOrganization = (organizationId: number, stars: number, comment: string | undefined) =>
  api.post<void>('/organization_star_ratings', { organization: organizationId, stars, comment });

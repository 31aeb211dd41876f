// Star ratings of organizations: given on the organization page (POST /organization_star_ratings)
// and listed on /meine-bewertungen. Both features use these keys, so a new rating shows in the list.
import { api } from './client';

export type Rating = { id: number; stars: number; comment: string | null; createdAt: string; organization: { id: number; name: string } };

export const ratingKeys = {
  all: ['ratings'] as const,
  my: (accountId: number) => [...ratingKeys.all, 'my', accountId] as const,
};

export const rateOrganization = (organizationId: number, stars: number, comment: string | undefined) =>
  api.post<void>('/organization_star_ratings', { organization: organizationId, stars, comment });

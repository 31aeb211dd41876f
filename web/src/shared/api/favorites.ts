// The signed-in candidate's favourites (GET /favorites/my) and the calls that change them, shared
// by /meine-favoriten and the job detail's "Merken" button, so both read one cached list.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

export type Favorite = {
  auto: boolean;
  active: boolean;
  createdAt: string;
  jobPosting: { id: number; slug: string; title: string; organization: { name: string } };
};

export const favoriteKeys = {
  all: ['favorites'] as const,
  my: () => [...favoriteKeys.all, 'my'] as const,
  myPage: (page: number, perPage: number) => [...favoriteKeys.my(), page, perPage] as const,
};

/** One page of the favourites, newest first (the server's largest page is 100). */
export const myFavoritesQueryOptions = (page = 1, perPage = 100) =>
  queryOptions({
    queryKey: favoriteKeys.myPage(page, perPage),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<{ 'hydra:member': Favorite[]; 'hydra:totalItems'?: number }>('/favorites/my', { signal, query: { page, itemsPerPage: perPage } });
      } catch {
        // The spec's text stays the error's internal message; pages show German text.
        throw new Error('Error while loading Favorites');
      }
    },
  });

export const favorJob = (id: number) => api.post<void>(`/job_postings/${id}/favor`);
export const unfavorJob = (id: number) => api.post<void>(`/job_postings/${id}/unfavor`);
/** Marks a job the candidate starts applying to (spec: favourite "added automatically"). */
export const autoFavorJob = (id: number) => api.post<void>(`/job_postings/${id}/auto_favor`);

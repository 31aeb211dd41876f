// The ratings the signed-in candidate gave (GET /candidate_accounts/{id}/star_ratings) and removing
// one (DELETE /organization_star_ratings/{id}) for /meine-bewertungen.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { ratingKeys, type Rating } from '@/shared/api/ratings';

// The server answers a plain array or a Hydra collection.
type List = Rating[] | { 'hydra:member': Rating[] };

export const getMyRatings = async (accountId: number, signal?: AbortSignal): Promise<Rating[]> => {
  const answer = await api.get<List>(`/candidate_accounts/${accountId}/star_ratings`, { signal });
  return Array.isArray(answer) ? answer : answer['hydra:member'];
};

export const myRatingsQueryOptions = (accountId: number) =>
  queryOptions({ queryKey: ratingKeys.my(accountId), queryFn: ({ signal }) => getMyRatings(accountId, signal) });

export const useMyRatings = (accountId: number) => useQuery(myRatingsQueryOptions(accountId));

export const removeRating = (id: number) => api.delete<void>(`/organization_star_ratings/${id}`);

/** Removes a rating and reloads the list; `onRemoved`/`onFailed` are the page's messages and tracking. */
export function useRemoveRating(handlers: { onRemoved: () => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRating,
    onSuccess: () => {
      handlers.onRemoved();
      return queryClient.invalidateQueries({ queryKey: ratingKeys.all });
    },
    onError: handlers.onFailed,
  });
}

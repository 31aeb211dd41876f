// What the team page's lists (members, invitations, API keys, webhooks and their deliveries) have in
// common: each is a hydra collection under /organizations/{id}/…, and each change to one is followed
// by asking for that list again. Said once here; each list's file keeps its types, paths and keys.
import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

type Hydra<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

/** The organization's list at /organizations/{organizationId}/{path}, cached under `queryKey`. */
export const organizationListOptions = <T>(queryKey: QueryKey, organizationId: number, path: string) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get<Hydra<T>>(`/organizations/${organizationId}/${path}`, { signal }),
  });

/** A change to one of the lists: `change`, then the list under `refresh` is asked for again. */
export function useListChange<V = void, R = unknown>(refresh: QueryKey, change: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }) });
}

// Reference lists (GET /api/reference_lists/{name}): the codes the server's profile rules accept,
// with their German names, read from the same tables the server validates against. Forms offer
// exactly these members instead of a copy in the bundle. Cached for a day (the server says so too).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

export type ReferenceListName =
  | 'activities'
  | 'industries'
  | 'employment_types'
  | 'languages'
  | 'countries'
  | 'denominations'
  | 'event_audience_types';

export type ReferenceEntry = { code: string; name: string };

export const referenceListKeys = {
  all: ['reference-lists'] as const,
  list: (name: ReferenceListName) => [...referenceListKeys.all, name] as const,
};

export const referenceListQueryOptions = (name: ReferenceListName) =>
  queryOptions({
    queryKey: referenceListKeys.list(name),
    queryFn: async ({ signal }) => (await api.get<{ 'hydra:member': ReferenceEntry[] }>(`/reference_lists/${name}`, { signal }))['hydra:member'],
    staleTime: 24 * 60 * 60 * 1000,
  });

/** The members of one list as select options; empty while loading. */
export function useReferenceList(name: ReferenceListName): ReferenceEntry[] {
  return useQuery(referenceListQueryOptions(name)).data ?? [];
}

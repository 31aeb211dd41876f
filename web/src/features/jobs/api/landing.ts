// Names, positions and texts of cities and activities for the landing pages, from the content
// collections (`/api/content/cities?slug=`, `/api/content/activities?slug=`). The pages work
// without them (a 404 or a failure yields null), using the menu cities and the jobs' own data.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { jobKeys } from './jobs';

export type LandingEntry = {
  id: number;
  slug: string;
  name?: string;
  title?: string;
  description?: string;
  content?: string;
  latitude?: number;
  longitude?: number;
  distance?: number;
};

type CollectionAnswer = { data: LandingEntry[] };

export const landingKeys = {
  entry: (kind: 'cities' | 'activities', slug: string) => [...jobKeys.all, 'landing', kind, slug] as const,
  list: (kind: 'cities' | 'activities') => [...jobKeys.all, 'landing', kind, 'list'] as const,
};

async function first(kind: 'cities' | 'activities', slug: string, signal: AbortSignal): Promise<LandingEntry | null> {
  try {
    const answer = await api.get<CollectionAnswer>(`/content/${kind}`, { query: { slug }, signal });
    return answer.data?.[0] ?? null;
  } catch {
    return null;
  }
}

export const landingEntryQueryOptions = (kind: 'cities' | 'activities', slug: string) =>
  queryOptions({
    queryKey: landingKeys.entry(kind, slug),
    queryFn: ({ signal }) => first(kind, slug, signal),
    staleTime: 4 * 60 * 60 * 1000,
  });

export const landingListQueryOptions = (kind: 'cities' | 'activities') =>
  queryOptions({
    queryKey: landingKeys.list(kind),
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<CollectionAnswer>(`/content/${kind}`, { query: { sort: 'name', pageSize: 200 }, signal })).data ?? [];
      } catch {
        return [];
      }
    },
    staleTime: 4 * 60 * 60 * 1000,
  });

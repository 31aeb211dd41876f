// GET /api/health: whether the server reaches PostgreSQL and Redis.
// Answers 200 `{"postgres":"ok","redis":"ok"}`, or 503 with a body naming the
// part that is down; the client turns the 503 into an ApiError after its retries.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { healthKeys } from './keys';

export type Health = {
  postgres: string;
  redis: string;
};

export function getHealth(signal?: AbortSignal): Promise<Health> {
  return api.get<Health>('/health', { signal });
}

export function healthQueryOptions() {
  return queryOptions({
    queryKey: healthKeys.status(),
    queryFn: ({ signal }) => getHealth(signal),
    // The status line is a hint, not live monitoring: one check per half minute is plenty.
    staleTime: 30_000,
  });
}

export function useHealth() {
  return useQuery(healthQueryOptions());
}

// Who is signed in, for every feature (auth state is app-wide, like bulletproof-react's lib/auth).
// GET /api/candidate_accounts/me: the logged-in candidate, or null for a visitor (401).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/shared/api/client';
import { useHydrated } from '@/shared/lib/hydration';
import { authKeys } from './keys';

export type CandidateAccount = {
  id: number;
  email: string;
  emailVerified: boolean;
  candidateProfile: {
    id: number;
    firstName: string;
    lastName: string;
    profileImagePortrait: { id: number } | null;
  } | null;
  impersonatorId: number | null;
};

export async function getMe(signal?: AbortSignal): Promise<CandidateAccount | null> {
  try {
    return await api.get<CandidateAccount>('/candidate_accounts/me', { signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: authKeys.me(), queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });

export function useUser() {
  const query = useQuery(meQueryOptions());
  // A prerendered page was drawn for a visitor whose sign-in is still being checked; hydration
  // draws the same, even when the answer has arrived by then (hydration.ts).
  const hydrated = useHydrated();
  if (!hydrated) return { user: null, isLoading: true };
  return { user: query.data ?? null, isLoading: query.isLoading };
}

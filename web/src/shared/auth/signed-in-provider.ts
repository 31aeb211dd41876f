// Whether the visitor without a candidate account is signed in as a provider (GET
// /api/organization_members/me answers 200): candidate pages (AccountFrame) then say that they are
// for candidates and offer to sign out, instead of asking a signed-in provider to sign in (review
// 21, finding 10: the QR check-in and the pool invitation are links a provider opens too). Asked
// only when /api/candidate_accounts/me found no candidate. Shared: the account frame asks it, and
// signing out is shared/auth/sign-out.ts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/shared/api/client';
import { authKeys } from '@/shared/auth/keys';
import { useSignOut } from '@/shared/auth/sign-out';

export async function getSignedInProvider(signal?: AbortSignal): Promise<boolean> {
  try {
    await api.get<unknown>('/organization_members/me', { signal });
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
    throw error;
  }
}

const providerKey = () => [...authKeys.all, 'signed-in-provider'] as const;

export function useSignedInProvider(enabled: boolean) {
  const query = useQuery(
    queryOptions({ queryKey: providerKey(), queryFn: ({ signal }) => getSignedInProvider(signal), staleTime: 60_000, enabled }),
  );
  return { provider: query.data === true, isLoading: enabled && query.isLoading };
}

/** Signs out and remembers that nobody is signed in as a provider either. */
export function useSignOutAnyAccount() {
  return useSignOut({ afterSignOut: (queryClient) => queryClient.setQueryData(providerKey(), false) });
}

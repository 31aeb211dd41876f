// Signing out, the one way for every kind of account: POST /api/logout (this device) or DELETE
// /api/me/sessions ("Auf allen Geräten abmelden"), then the app forgets the token and everything it
// cached for the account. Forgetting everything matters on a shared phone or a shop's PC: the next
// person must not see the previous one's favourites, applications or portal data until a refetch.
// Callers that know more (the portal's member answer) add it through `afterSignOut`.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { authKeys } from '@/shared/auth/keys';
import { forgetToken } from '@/shared/auth/token-refresh';

export type SignOutScope = 'this-device' | 'every-device';

/** What the app knows after a sign-out: no token, no cached answer, nobody signed in. */
export function forgetAccount(queryClient: QueryClient) {
  forgetToken();
  queryClient.removeQueries();
  queryClient.setQueryData(authKeys.me(), null);
}

export function useSignOut(options: { scope?: SignOutScope; afterSignOut?: (queryClient: QueryClient) => void } = {}) {
  const queryClient = useQueryClient();
  const { scope = 'this-device', afterSignOut } = options;
  return useMutation({
    mutationFn: () => (scope === 'every-device' ? api.delete<void>('/me/sessions') : api.post<void>('/logout')),
    // This device signs out even when the server is unreachable (onSettled); "every device" only
    // when the server confirmed it, so that a failure is shown rather than a false "done".
    ...(scope === 'every-device'
      ? { onSuccess: () => settle(queryClient, afterSignOut) }
      : { onSettled: () => settle(queryClient, afterSignOut) }),
  });
}

function settle(queryClient: QueryClient, afterSignOut?: (queryClient: QueryClient) => void) {
  forgetAccount(queryClient);
  afterSignOut?.(queryClient);
}

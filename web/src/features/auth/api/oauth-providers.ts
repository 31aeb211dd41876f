// GET /oauth/providers: the social sign-in services the server has configured, for the sign-in
// dialog and the /oauth page.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { authKeys } from '@/shared/auth/keys';

export const oauthProvidersQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.oauthProviders(),
    queryFn: ({ signal }) => api.get<{ providers: string[] }>('/oauth/providers', { signal }),
  });

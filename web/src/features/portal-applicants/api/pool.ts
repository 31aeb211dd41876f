// The organization's pool (issue 42 item 4, issue 43 item 7; docs/shifts.md "The pool of
// regulars"): its invitations with the members first (GET /organizations/{id}/pool) and inviting
// the candidate of one application (POST /organizations/{id}/pool/invitations). Whether the
// application may be invited (nearing its anonymization, or the candidate worked for the
// organization) is the server's rule; its 422 and 409 are shown as they come.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { PoolInvitation, PoolInvitationPage } from '@/shared/api/pool';
import { providerKeys } from '@/shared/portal/keys';

export type { PoolInvitation } from '@/shared/api/pool';

/** Members per page of the portal's pool list (the server's default; at most 100). */
export const POOL_PER_PAGE = 20;

export const poolQueryOptions = (organizationId: number, page = 1) =>
  queryOptions({
    queryKey: providerKeys.poolPage(organizationId, page),
    queryFn: ({ signal }) =>
      api.get<PoolInvitationPage<PoolInvitation>>(`/organizations/${organizationId}/pool`, { signal, query: { page, itemsPerPage: POOL_PER_PAGE } }),
  });

export function useInviteToPool(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: number) =>
      api.post<PoolInvitation>(`/organizations/${organizationId}/pool/invitations`, { application: applicationId }),
    onSuccess: () => client.invalidateQueries({ queryKey: providerKeys.pool(organizationId) }),
  });
}

// The organization's pool (issue 42 item 4, issue 43 item 7; docs/shifts.md "The pool of
// regulars"): its invitations with the members first (GET /organizations/{id}/pool) and inviting
// the candidate of one application (POST /organizations/{id}/pool/invitations). Whether the
// application may be invited (nearing its anonymization, or the candidate worked for the
// organization) is the server's rule; its 422 and 409 are shown as they come.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { providerKeys } from './keys';

export type PoolInvitation = {
  id: number;
  kind: 'talent' | 'regulars';
  status: 'invited' | 'accepted' | 'declined' | 'revoked';
  member: boolean;
  invitedAt: string;
  decidedAt: string | null;
  consentUntil: string | null;
  applicationId: number;
  jobTitle: string;
  candidate: { firstName: string; lastName: string } | null;
};

type PoolList = { 'hydra:member': PoolInvitation[]; 'hydra:totalItems': number };

const poolKey = (organizationId: number) => [...providerKeys.all, 'pool', organizationId] as const;

export const poolQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: poolKey(organizationId),
    queryFn: ({ signal }) => api.get<PoolList>(`/organizations/${organizationId}/pool`, { signal }),
  });

export function useInviteToPool(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: number) =>
      api.post<PoolInvitation>(`/organizations/${organizationId}/pool/invitations`, { application: applicationId }),
    onSuccess: () => client.invalidateQueries({ queryKey: poolKey(organizationId) }),
  });
}

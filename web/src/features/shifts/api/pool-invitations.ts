// The candidate's pool invitations (issue 42 item 4, issue 43 item 7; docs/shifts.md "The pool of
// regulars"): one invitation (GET /pool_invitations/{id}), a page of all of them
// (GET /me/pool_invitations) and her answer, accept, decline or revoke
// (POST /pool_invitations/{id}/accept|decline|revoke), each answering the invitation.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { MyPoolInvitation, PoolInvitationPage } from '@/shared/api/pool';

export type { MyPoolInvitation } from '@/shared/api/pool';

export type PoolAnswer = 'accept' | 'decline' | 'revoke';

export const poolInvitationKeys = {
  one: (id: number) => ['pool-invitation', id] as const,
  list: () => ['pool-invitations'] as const,
  page: (page: number) => [...poolInvitationKeys.list(), page] as const,
};

/** Invitations per page of the candidate's list. */
export const MY_POOL_PER_PAGE = 20;

export const useMyPoolInvitations = (page: number) =>
  useQuery({
    queryKey: poolInvitationKeys.page(page),
    queryFn: ({ signal }) =>
      api.get<PoolInvitationPage<MyPoolInvitation>>('/me/pool_invitations', { signal, query: { page, itemsPerPage: MY_POOL_PER_PAGE } }),
  });

export const usePoolInvitation = (id: number) =>
  useQuery({ queryKey: poolInvitationKeys.one(id), queryFn: ({ signal }) => api.get<MyPoolInvitation>(`/pool_invitations/${id}`, { signal }) });

export function useAnswerPoolInvitation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: PoolAnswer) => api.post<MyPoolInvitation>(`/pool_invitations/${id}/${answer}`, {}),
    onSuccess: (invitation) => {
      client.setQueryData(poolInvitationKeys.one(id), invitation);
      void client.invalidateQueries({ queryKey: poolInvitationKeys.list() });
    },
  });
}

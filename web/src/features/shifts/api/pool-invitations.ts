// The candidate's pool invitations (issue 42 item 4, issue 43 item 7; docs/shifts.md "The pool of
// regulars"): one invitation (GET /pool_invitations/{id}) and her answer, accept, decline or
// revoke (POST /pool_invitations/{id}/accept|decline|revoke), each answering the invitation.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export type MyPoolInvitation = {
  id: number;
  kind: 'talent' | 'regulars';
  status: 'invited' | 'accepted' | 'declined' | 'revoked';
  member: boolean;
  invitedAt: string;
  decidedAt: string | null;
  consentUntil: string | null;
  consentText: string;
  consentTextVersion: string;
  jobTitle: string;
  organization: { id: number; name: string };
};

export type PoolAnswer = 'accept' | 'decline' | 'revoke';

const key = (id: number) => ['pool-invitation', id] as const;

export const usePoolInvitation = (id: number) =>
  useQuery({ queryKey: key(id), queryFn: ({ signal }) => api.get<MyPoolInvitation>(`/pool_invitations/${id}`, { signal }) });

export function useAnswerPoolInvitation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: PoolAnswer) => api.post<MyPoolInvitation>(`/pool_invitations/${id}/${answer}`, {}),
    onSuccess: (invitation) => client.setQueryData(key(id), invitation),
  });
}

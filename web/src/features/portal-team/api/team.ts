// The organization's team (docs/providers.md, "Team"): the members and their removal, the open
// invitations (invite by e-mail, re-send, withdraw; no account exists until the invited person
// accepts). The invited person's side lives in features/portal-sign-in/api/access.ts.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { providerKeys } from '@/shared/portal/keys';

export type TeamMember = {
  id: number;
  email: string;
  role: 'owner' | 'member';
  emailVerified: boolean;
  /** Invited, no password set yet. */
  invitationPending: boolean;
  isMe: boolean;
  createdAt: string;
};

type Hydra<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

/** An invitation nobody has accepted yet (organization_invitations). */
export type TeamInvitation = {
  id: number;
  email: string;
  invitedBy: string | null;
  sentCount: number;
  expired: boolean;
  createdAt: string;
  lastSentAt: string;
  expiresAt: string;
};

export const teamQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: providerKeys.team(organizationId),
    queryFn: ({ signal }) => api.get<Hydra<TeamMember>>(`/organizations/${organizationId}/members`, { signal }),
  });

export const invitationsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: providerKeys.invitations(organizationId),
    queryFn: ({ signal }) => api.get<Hydra<TeamInvitation>>(`/organizations/${organizationId}/invitations`, { signal }),
  });

export function useInviteMember(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<TeamInvitation>(`/organizations/${organizationId}/invitations`, { email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.invitations(organizationId) }),
  });
}

export function useResendInvitation(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => api.post<TeamInvitation>(`/organizations/${organizationId}/invitations/${invitationId}/resend`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.invitations(organizationId) }),
  });
}

export function useWithdrawInvitation(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => api.delete<void>(`/organizations/${organizationId}/invitations/${invitationId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.invitations(organizationId) }),
  });
}

export function useRemoveMember(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => api.delete<void>(`/organizations/${organizationId}/members/${memberId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.team(organizationId) }),
  });
}

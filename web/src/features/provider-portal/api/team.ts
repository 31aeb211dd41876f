// The organization's team (docs/providers.md, "Team"): the members and their removal, the open
// invitations (invite by e-mail, re-send, withdraw; no account exists until the invited person
// accepts), the invited person's side (show, accept with a password, decline), and setting a new
// password from the providers' reset mail through the same token routes as candidates.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { providerKeys } from './keys';

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

/** What the invited person sees about an invitation, by the mailed token. */
export type InvitationPreview = { organizationName: string; email: string; expiresAt: string };

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

/** The invitation behind a mailed link; fails with 404 when it is used, declined, withdrawn or expired. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: providerKeys.invitation(token),
    queryFn: ({ signal }) => api.get<InvitationPreview>(`/organization_invitations/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });

export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: ({ password, passwordConfirmation }: { password: string; passwordConfirmation: string }) =>
      api.post<{ email: string; message: string }>(`/organization_invitations/${encodeURIComponent(token)}/accept`, { password, passwordConfirmation }),
  });

export const useDeclineInvitation = (token: string) =>
  useMutation({ mutationFn: () => api.post<void>(`/organization_invitations/${encodeURIComponent(token)}/decline`, {}) });

export function useRemoveMember(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => api.delete<void>(`/organizations/${organizationId}/members/${memberId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.team(organizationId) }),
  });
}

/** The account a providers' password-reset link belongs to; fails with 404 when it is used or expired. */
export const passwordTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...providerKeys.all, 'password-token', token] as const,
    queryFn: ({ signal }) => api.get<{ id: number }>(`/candidate_accounts/validate_password_reset_token/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });

export const useSetPassword = () =>
  useMutation({
    mutationFn: ({ id, token, password, passwordConfirmation }: { id: number; token: string; password: string; passwordConfirmation: string }) =>
      api.patch<{ message: string }>(`/candidate_accounts/${id}/password`, { token, password, passwordConfirmation }),
  });

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => api.post<{ message: string }>('/candidate_accounts_request_password_reset', { email }) });

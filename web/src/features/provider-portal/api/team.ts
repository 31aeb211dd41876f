// The organization's team (docs/providers.md, "Team"): the members, the owner's invitation by
// e-mail and removal; and setting a password from a mailed link (invitation or reset) through the
// same token routes as candidates.
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

export const teamQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: providerKeys.team(organizationId),
    queryFn: ({ signal }) => api.get<Hydra<TeamMember>>(`/organizations/${organizationId}/members`, { signal }),
  });

export function useInviteMember(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<TeamMember>(`/organizations/${organizationId}/members`, { email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.team(organizationId) }),
  });
}

export function useRemoveMember(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => api.delete<void>(`/organizations/${organizationId}/members/${memberId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.team(organizationId) }),
  });
}

/** The account a mailed link (invitation or password reset) belongs to; fails with 404 when it is used or expired. */
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

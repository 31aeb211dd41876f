// The provider's way in without a session (docs/providers.md, "Team"): the invited person's side of
// an invitation (show, accept with a password, decline) and setting a new password from the
// providers' reset mail through the same token routes as candidates. The team's own list of members
// and invitations is features/portal-team/api/team.ts.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { providerKeys } from '@/shared/portal/keys';

/** What the invited person sees about an invitation, by the mailed token. */
export type InvitationPreview = { organizationName: string; email: string; expiresAt: string };

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

/** The account a providers' password-reset link belongs to; fails with 404 when it is used or expired. */
export const passwordTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: providerKeys.passwordToken(token),
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

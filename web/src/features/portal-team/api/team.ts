// The organization's team (docs/providers.md, "Team"): the members and their removal, the open
// invitations (invite by e-mail, re-send, withdraw; no account exists until the invited person
// accepts). The invited person's side lives in features/portal-sign-in/api/access.ts.
import { api } from '@/shared/api/client';
import { providerKeys } from '@/shared/portal/keys';
import { organizationListOptions, useListChange } from './organization-lists';

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
  organizationListOptions<TeamMember>(providerKeys.team(organizationId), organizationId, 'members');

export const invitationsQueryOptions = (organizationId: number) =>
  organizationListOptions<TeamInvitation>(providerKeys.invitations(organizationId), organizationId, 'invitations');

export function useInviteMember(organizationId: number) {
  return useListChange(providerKeys.invitations(organizationId), (email: string) =>
    api.post<TeamInvitation>(`/organizations/${organizationId}/invitations`, { email }),
  );
}

export function useResendInvitation(organizationId: number) {
  return useListChange(providerKeys.invitations(organizationId), (invitationId: number) =>
    api.post<TeamInvitation>(`/organizations/${organizationId}/invitations/${invitationId}/resend`, {}),
  );
}

export function useWithdrawInvitation(organizationId: number) {
  return useListChange(providerKeys.invitations(organizationId), (invitationId: number) =>
    api.delete<void>(`/organizations/${organizationId}/invitations/${invitationId}`),
  );
}

export function useRemoveMember(organizationId: number) {
  return useListChange(providerKeys.team(organizationId), (memberId: number) => api.delete<void>(`/organizations/${organizationId}/members/${memberId}`));
}

// The pool of an organization (issue 42 item 4, issue 43 item 7; docs/shifts.md "The pool of
// regulars"): one invitation and consent, as the organization's portal and the candidate each see
// it (jh_pool_invitation_json), and a page of them (?page=&itemsPerPage=, at most 100 a page).
// One definition for both sides.

export type PoolInvitationKind = 'talent' | 'regulars';
export type PoolInvitationStatus = 'invited' | 'accepted' | 'declined' | 'revoked';

/** What both views of an invitation say. `member`: the consent runs now (accepted, not revoked, not expired). */
type PoolInvitationBase = {
  id: number;
  kind: PoolInvitationKind;
  status: PoolInvitationStatus;
  member: boolean;
  invitedAt: string;
  decidedAt: string | null;
  consentUntil: string | null;
  revokedAt: string | null;
  consentTextVersion: string;
  jobTitle: string;
  organization: { id: number; name: string };
};

/** The organization's view: the application and, until it is anonymized, the candidate's name. */
export type PoolInvitation = PoolInvitationBase & {
  applicationId: number;
  candidate: { firstName: string; lastName: string } | null;
};

/** The candidate's own view: the consent text as it was sent. */
export type MyPoolInvitation = PoolInvitationBase & { consentText: string };

export type PoolInvitationPage<T> = { 'hydra:member': T[]; 'hydra:totalItems': number; page: number; itemsPerPage: number };

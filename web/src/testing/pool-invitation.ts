// Pool invitations (shared/api/pool.ts) as the server answers them, for the portal's pool page and
// the candidate's invitation page and list of pools: an open talent-pool invitation of 02.11.2026
// to "Promoter (m/w/d)" unless `fields` say otherwise.
import type { MyPoolInvitation, PoolInvitation } from '@/shared/api/pool';

const base = (id: number) => ({
  id,
  kind: 'talent' as const,
  status: 'invited' as const,
  member: false,
  invitedAt: '2026-11-02T10:00:00Z',
  decidedAt: null,
  consentUntil: null,
  revokedAt: null,
  consentTextVersion: 'talent-pool-v1',
  jobTitle: 'Promoter (m/w/d)',
  organization: { id: 9, name: 'Pool Agentur GmbH' },
});

/** The organization's view: application 100 + id of "Lena Nummer{id}". */
export const providerPoolInvitation = (id: number, fields: Partial<PoolInvitation> = {}): PoolInvitation => ({
  ...base(id),
  applicationId: 100 + id,
  candidate: { firstName: 'Lena', lastName: `Nummer${id}` },
  ...fields,
});

/** The candidate's view, with the consent text. */
export const myPoolInvitation = (id: number, fields: Partial<MyPoolInvitation> = {}): MyPoolInvitation => ({
  ...base(id),
  consentText: 'Ich willige ein, dass Pool Agentur GmbH meine Bewerbung für weitere 12 Monate im eigenen Talentpool aufbewahrt.',
  ...fields,
});

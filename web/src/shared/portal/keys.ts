// Query keys of the provider portal, from generic to specific. Everything the portal reads hangs
// below `all`, so signing out drops it in one call.
import type { ApplicantFilter, JobPostingState } from './filters';

export const providerKeys = {
  all: ['provider'] as const,
  member: () => [...providerKeys.all, 'member'] as const,
  jobs: (organizationId: number) => [...providerKeys.all, 'jobs', organizationId] as const,
  jobLists: (organizationId: number) => [...providerKeys.jobs(organizationId), 'list'] as const,
  jobList: (organizationId: number, state: JobPostingState | undefined, page: number, itemsPerPage: number) =>
    [...providerKeys.jobLists(organizationId), { state, page, itemsPerPage }] as const,
  job: (organizationId: number, id: number) => [...providerKeys.jobs(organizationId), 'detail', id] as const,
  // The AGG wording check of the editor's unsaved texts (features/portal-jobs/api/job-changes.ts, useWordingCheck).
  wording: (texts: Record<string, unknown>) => [...providerKeys.all, 'wording', texts] as const,
  // The channels a job can be published in, with their price (features/portal-jobs/api/publication-channels.ts).
  publicationChannels: () => [...providerKeys.all, 'publication-channels'] as const,
  applicants: (organizationId: number) => [...providerKeys.all, 'applicants', organizationId] as const,
  applicantLists: (organizationId: number) => [...providerKeys.applicants(organizationId), 'list'] as const,
  applicantList: (organizationId: number, filter: ApplicantFilter) => [...providerKeys.applicantLists(organizationId), filter] as const,
  // Applications per source ("Bewerbungen nach Quelle"), all jobs or one (features/portal-applicants/api/application-sources.ts).
  applicationSources: (organizationId: number, job: number | undefined) =>
    [...providerKeys.applicants(organizationId), 'sources', { job }] as const,
  // Not below `applicants`: refreshing the lists after a change must not read (and log) it again.
  applicant: (organizationId: number, id: number) => [...providerKeys.all, 'applicant', organizationId, id] as const,
  // The organization's private notes and rating of one application, and its neighbours in a
  // filtered list (features/portal-applicants/api/pipeline.ts): below `applicants`, so a status change refreshes them too.
  applicantNotes: (organizationId: number, id: number) => [...providerKeys.applicants(organizationId), 'notes', id] as const,
  applicantRating: (organizationId: number, id: number) => [...providerKeys.applicants(organizationId), 'rating', id] as const,
  applicantNeighbours: (organizationId: number, id: number, filter: Omit<ApplicantFilter, 'page'>) =>
    [...providerKeys.applicants(organizationId), 'neighbours', id, filter] as const,
  // The calendar of the organization's shifts in one window of dates (features/portal-shifts/api/organization-shifts.ts).
  allShifts: () => [...providerKeys.all, 'shifts'] as const,
  shifts: (organizationId: number) => [...providerKeys.allShifts(), organizationId] as const,
  shiftWindow: (organizationId: number, from: string, to: string) => [...providerKeys.shifts(organizationId), { from, to }] as const,
  dashboard: (organizationId: number) => [...providerKeys.all, 'dashboard', organizationId] as const,
  // The monthly report of one month (features/portal-report/api/monthly-report.ts).
  monthlyReport: (organizationId: number, month: string) => [...providerKeys.all, 'monthly-report', organizationId, month] as const,
  candidates: (organizationId: number) => [...providerKeys.all, 'candidates', organizationId] as const,
  candidateLists: (organizationId: number) => [...providerKeys.candidates(organizationId), 'list'] as const,
  // The filter's type is the candidate search's own (features/portal-candidate-search/api/candidate-search.ts).
  candidateList: <F extends object>(organizationId: number, filter: F) => [...providerKeys.candidateLists(organizationId), filter] as const,
  candidate: (organizationId: number, id: number) => [...providerKeys.candidates(organizationId), 'detail', id] as const,
  // The organization's pool of regulars, a page of it (features/portal-applicants/api/pool.ts).
  pool: (organizationId: number) => [...providerKeys.all, 'pool', organizationId] as const,
  poolPage: (organizationId: number, page: number) => [...providerKeys.pool(organizationId), page] as const,
  // A shift's check-in QR code (features/portal-shifts/api/check-in-code.ts): below `all`, so signing out drops it.
  checkInCode: (shiftId: number) => [...providerKeys.all, 'check-in-code', shiftId] as const,
  team: (organizationId: number) => [...providerKeys.all, 'team', organizationId] as const,
  invitations: (organizationId: number) => [...providerKeys.team(organizationId), 'invitations'] as const,
  // The organization's API keys (features/portal-team/api/api-keys.ts): its owner's only.
  apiKeys: (organizationId: number) => [...providerKeys.team(organizationId), 'api-keys'] as const,
  // The organization's webhook endpoints and each one's delivery log (features/portal-team/api/webhooks.ts): its owner's only.
  webhooks: (organizationId: number) => [...providerKeys.team(organizationId), 'webhooks'] as const,
  webhookDeliveries: (organizationId: number, webhookId: number) => [...providerKeys.team(organizationId), 'webhooks', webhookId, 'deliveries'] as const,
  invitation: (token: string) => [...providerKeys.all, 'invitation', token] as const,
  // The account behind a providers' password-reset link (features/portal-sign-in/api/access.ts).
  passwordToken: (token: string) => [...providerKeys.all, 'password-token', token] as const,
};

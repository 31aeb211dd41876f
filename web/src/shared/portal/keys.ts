// Query keys of the provider portal, from generic to specific. Everything the portal reads hangs
// below `all`, so signing out drops it in one call.
import type { ApplicantFilter, JobPostingState } from './filters';

export const providerKeys = {
  all: ['provider'] as const,
  member: () => [...providerKeys.all, 'member'] as const,
  jobs: (organizationId: number) => [...providerKeys.all, 'jobs', organizationId] as const,
  jobList: (organizationId: number, state: JobPostingState | undefined, page: number, itemsPerPage: number) =>
    [...providerKeys.jobs(organizationId), 'list', { state, page, itemsPerPage }] as const,
  job: (organizationId: number, id: number) => [...providerKeys.jobs(organizationId), 'detail', id] as const,
  // The AGG wording check of the editor's unsaved texts (features/portal-jobs/api/job-changes.ts, useWordingCheck).
  wording: (texts: Record<string, unknown>) => [...providerKeys.all, 'wording', texts] as const,
  // The channels a job can be published in, with their price (features/portal-jobs/api/publication-channels.ts).
  publicationChannels: () => [...providerKeys.all, 'publication-channels'] as const,
  applicants: (organizationId: number) => [...providerKeys.all, 'applicants', organizationId] as const,
  applicantList: (organizationId: number, filter: ApplicantFilter) => [...providerKeys.applicants(organizationId), 'list', filter] as const,
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
  candidates: (organizationId: number) => [...providerKeys.all, 'candidates', organizationId] as const,
  team: (organizationId: number) => [...providerKeys.all, 'team', organizationId] as const,
  invitations: (organizationId: number) => [...providerKeys.team(organizationId), 'invitations'] as const,
  invitation: (token: string) => [...providerKeys.all, 'invitation', token] as const,
};

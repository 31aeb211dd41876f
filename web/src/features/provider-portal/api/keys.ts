// Query keys of the provider portal, from generic to specific. Everything the portal reads hangs
// below `all`, so signing out drops it in one call.
import type { JobPostingState } from './job-postings';

export const providerKeys = {
  all: ['provider'] as const,
  member: () => [...providerKeys.all, 'member'] as const,
  jobs: (organizationId: number) => [...providerKeys.all, 'jobs', organizationId] as const,
  jobList: (organizationId: number, state: JobPostingState | undefined, page: number, itemsPerPage: number) =>
    [...providerKeys.jobs(organizationId), 'list', { state, page, itemsPerPage }] as const,
  job: (organizationId: number, id: number) => [...providerKeys.jobs(organizationId), 'detail', id] as const,
  team: (organizationId: number) => [...providerKeys.all, 'team', organizationId] as const,
};

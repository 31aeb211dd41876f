// Organizations (docs/catalogue.md): the list of organization cards, one organization by slug,
// and its open jobs. Keys for the feature are built here.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, API_BASE } from '@/shared/api/client';
import type { ResponseTime } from '@/shared/ui/response-time';

export type OrganizationCard = {
  id: number;
  slug: string;
  name: string;
  teaser?: string | null;
  city?: string | null;
  openJobs?: number;
  ratingAverage?: number | null;
  ratingsCount?: number;
  hasLogo?: boolean;
};

export type Organization = OrganizationCard & {
  description?: string | null;
  foundingYear?: number | null;
  employees?: number | string | null;
  workingDaysPerYear?: number | null;
  favoritesCount?: number;
  website?: string | null;
  company?: { street?: string; zipcode?: string; city?: string; legalForm?: string } | null;
  responseTime?: ResponseTime | null;
};

type Hydra<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

export const organizationKeys = {
  all: ['organizations'] as const,
  list: (q: string, page: number) => [...organizationKeys.all, 'list', { q, page }] as const,
  detail: (slug: string) => [...organizationKeys.all, 'detail', slug] as const,
  jobs: (id: number) => [...organizationKeys.all, 'jobs', id] as const,
  jobsFor: (id: number, signedIn: boolean) => [...organizationKeys.jobs(id), { signedIn }] as const,
};

export const PAGE_SIZE = 24;

export const organizationListQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: organizationKeys.list(q, page),
    queryFn: ({ signal }) =>
      api.get<Hydra<OrganizationCard>>('/organization_cards', { query: { q: q || undefined, page, itemsPerPage: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/** The organization's logo (GET /api/organizations/{id}/logo, public once the organization is active). */
export const organizationLogoUrl = (id: number) => `${API_BASE}/organizations/${id}/logo`;

export const organizationQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: organizationKeys.detail(slug),
    queryFn: ({ signal }) => api.get<Organization>(`/organizations/slug/${encodeURIComponent(slug)}`, { signal }),
    retry: false,
  });

/** Signed in, the jobs she applied to are left out (`notYetAppliedTo`, as the search does; issue 41, item 14). */
export const organizationJobsQueryOptions = (id: number, signedIn = false) =>
  queryOptions({
    queryKey: organizationKeys.jobsFor(id, signedIn),
    queryFn: ({ signal }) =>
      api.get<Hydra<{ id: number; slug: string; title: string; locations: { city?: string }[] }>>('/job_postings', {
        query: { isPublished: 1, organization: id, itemsPerPage: 50, ...(signedIn ? { notYetAppliedTo: 1 } : {}) },
        signal,
      }),
  });

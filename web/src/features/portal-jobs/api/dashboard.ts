// The portal overview's numbers (docs/providers.md): new applications and the jobs' views of the
// last 30 days, one request per organization.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { providerKeys } from '@/shared/portal/keys';

export type OrganizationDashboard = { newApplications: number; jobViewsLast30Days: number };

export const dashboardQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: providerKeys.dashboard(organizationId),
    queryFn: ({ signal }) => api.get<OrganizationDashboard>(`/organizations/${organizationId}/dashboard`, { signal }),
  });

// Applications per source ("Bewerbungen nach Quelle", docs/reach.md): GET
// /organizations/{id}/application_sources, all the organization's jobs or one (?jobPosting=), per
// job and source label as the server labelled each application.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { providerKeys } from '@/shared/portal/keys';

export type SourceCount = { jobPosting: number; jobTitle: string; source: string; applications: number };

export const applicationSourcesQueryOptions = (organizationId: number, job: number | undefined) =>
  queryOptions({
    queryKey: providerKeys.applicationSources(organizationId, job),
    queryFn: ({ signal }) =>
      api.get<{ 'hydra:member': SourceCount[] }>(`/organizations/${organizationId}/application_sources`, { query: { jobPosting: job }, signal }),
  });

/** The counts per source over the rows given (one job's or all), most first, then by name. */
export function countsPerSource(rows: SourceCount[]): { source: string; applications: number }[] {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.source, (totals.get(row.source) ?? 0) + row.applications);
  return [...totals]
    .map(([source, applications]) => ({ source, applications }))
    .sort((a, b) => b.applications - a.applications || a.source.localeCompare(b.source, 'de'));
}

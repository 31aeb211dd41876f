// GET /applications/my: the signed-in candidate's applications for /meine-bewerbungen.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationKeys, type Application } from '@/shared/api/applications';
import { api } from '@/shared/api/client';

export const getMyApplications = (signal?: AbortSignal) =>
  api.get<{ 'hydra:member': Application[] }>('/applications/my', { signal, query: { itemsPerPage: 100 } });

export const myApplicationsQueryOptions = () =>
  queryOptions({ queryKey: applicationKeys.my(), queryFn: ({ signal }) => getMyApplications(signal) });

export const useMyApplications = () => useQuery(myApplicationsQueryOptions());

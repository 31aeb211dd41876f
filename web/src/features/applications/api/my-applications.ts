// GET /applications/my: the signed-in candidate's applications for /meine-bewerbungen.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationKeys, type Application } from '@/shared/api/applications';
import { api } from '@/shared/api/client';

/** Applications a page of /meine-bewerbungen shows (?seite=). */
export const APPLICATIONS_PER_PAGE = 50;

export const getMyApplications = (page: number, signal?: AbortSignal) =>
  api.get<{ 'hydra:member': Application[]; 'hydra:totalItems'?: number }>('/applications/my', {
    signal,
    query: { page, itemsPerPage: APPLICATIONS_PER_PAGE },
  });

export const myApplicationsQueryOptions = (page = 1) =>
  queryOptions({ queryKey: applicationKeys.myPage(page), queryFn: ({ signal }) => getMyApplications(page, signal) });

export const useMyApplications = (page = 1) => useQuery(myApplicationsQueryOptions(page));

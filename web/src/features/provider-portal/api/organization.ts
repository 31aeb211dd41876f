// The organization profile as its members see and change it (docs/providers.md):
// GET /organizations/{id} (with the private `provider` block), PATCH as merge-patch, the logo.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { providerKeys } from './keys';

export type ProviderOrganization = {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  website: string | null;
  foundingYear: number | null;
  employees: number | null;
  workingDaysPerYear: number | null;
  logo?: string | null;
  hasLogo?: boolean;
  contact: { name: string | null; email: string | null; phone: string | null } | null;
  company: {
    name: string | null;
    legalForm: string | null;
    street: string | null;
    zipcode: string | null;
    city: string | null;
    country: string | null;
    vatId: string | null;
    registerCourt: string | null;
    registerNumber: string | null;
  } | null;
};

export const organizationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: providerKeys.organization(id),
    queryFn: ({ signal }) => api.get<ProviderOrganization>(`/organizations/${id}`, { signal }),
  });

function useOrganizationChange<T>(id: number, change: (input: T) => Promise<ProviderOrganization | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (organization) => {
      if (organization) queryClient.setQueryData(providerKeys.organization(id), organization);
      else await queryClient.invalidateQueries({ queryKey: providerKeys.organization(id) });
      await queryClient.invalidateQueries({ queryKey: providerKeys.member() });
    },
  });
}

export const useSaveOrganization = (id: number) =>
  useOrganizationChange(id, (patch: Record<string, unknown>) => api.patch<ProviderOrganization>(`/organizations/${id}`, patch));

export const useUploadLogo = (id: number) =>
  useOrganizationChange(id, (file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<ProviderOrganization>(`/organizations/${id}/logo`, body, { timeoutMs: 60_000 });
  });

export const useDeleteLogo = (id: number) =>
  useOrganizationChange(id, async () => {
    await api.delete<void>(`/organizations/${id}/logo`);
    return undefined;
  });

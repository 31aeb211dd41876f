// Changes of the organization profile by its members (docs/providers.md): PATCH
// /organizations/{id} as merge-patch, the logo upload and removal. Each answers the member's view
// of the organization, which replaces the one in the member (GET /organization_members/me), where
// the portal reads it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { providerKeys } from '@/shared/portal/keys';
import type { MemberAnswer, MemberOrganization } from '@/shared/portal/member';

function useOrganizationChange<T>(change: (input: T) => Promise<MemberOrganization | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (organization) => {
      if (!organization) return queryClient.invalidateQueries({ queryKey: providerKeys.member() });
      queryClient.setQueryData<MemberAnswer>(providerKeys.member(), (old) =>
        old?.kind === 'member' ? { ...old, member: { ...old.member, organization } } : old,
      );
    },
  });
}

export const useSaveOrganization = (id: number) =>
  useOrganizationChange((patch: Record<string, unknown>) => api.patch<MemberOrganization>(`/organizations/${id}`, patch));

export const useUploadLogo = (id: number) =>
  useOrganizationChange((file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<MemberOrganization>(`/organizations/${id}/logo`, body, { timeoutMs: 60_000 });
  });

export const useDeleteLogo = (id: number) =>
  useOrganizationChange(async () => {
    await api.delete<void>(`/organizations/${id}/logo`);
    return undefined;
  });

// The organization's API keys (docs/reach.md, "Provider-API"): the owner lists them (never the
// secret), creates one with a name and its scopes (the answer carries the key itself, once) and
// revokes one. A key reaches the job and application routes its scopes allow, as the organization.
import { api } from '@/shared/api/client';
import { providerKeys } from '@/shared/portal/keys';
import { organizationListOptions, useListChange } from './organization-lists';

/** The scopes a key can hold, as the server names them (actors/api_scopes.h), with their German labels. */
export const API_SCOPES = [
  { code: 'jobs:read', name: 'Stellenanzeigen lesen' },
  { code: 'jobs:write', name: 'Stellenanzeigen anlegen und bearbeiten' },
  { code: 'applications:read', name: 'Bewerbungen lesen' },
] as const;

export type ApiScope = (typeof API_SCOPES)[number]['code'];

export type ApiKey = {
  id: number;
  name: string;
  scopes: ApiScope[];
  /** "jhk_" and the key's first characters: enough to recognize it, useless to use it. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** The address of the owner who made it; null once that account is gone. */
  createdBy: string | null;
  /** False once its maker no longer stands for it (no longer an owner, blocked, signed out everywhere): it is refused. */
  usable: boolean;
};

/** The answer to a creation: the key itself is in it this once. */
export type CreatedApiKey = ApiKey & { key: string };

export const apiKeysQueryOptions = (organizationId: number) =>
  organizationListOptions<ApiKey>(providerKeys.apiKeys(organizationId), organizationId, 'api_keys');

export function useCreateApiKey(organizationId: number) {
  return useListChange(providerKeys.apiKeys(organizationId), (values: { name: string; scopes: ApiScope[] }) =>
    api.post<CreatedApiKey>(`/organizations/${organizationId}/api_keys`, values),
  );
}

export function useRevokeApiKey(organizationId: number) {
  return useListChange(providerKeys.apiKeys(organizationId), (keyId: number) => api.delete<void>(`/organizations/${organizationId}/api_keys/${keyId}`));
}

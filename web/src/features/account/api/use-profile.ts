// The signed-in candidate's profile (the sedcard) as a query shared by the account pages.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys, getProfile, patchProfile, type Profile } from './account-api';

export function useProfile(profileId: number) {
  return useQuery({ queryKey: accountKeys.profile(profileId), queryFn: ({ signal }) => getProfile(profileId, signal) });
}

/** Saves a merge patch and puts the answer (the whole profile) into the cache. */
export function useSaveProfile(profileId: number) {
  const client = useQueryClient();
  return async (patch: Record<string, unknown>) => {
    const profile: Profile = await patchProfile(profileId, patch);
    client.setQueryData(accountKeys.profile(profileId), profile);
    return profile;
  };
}

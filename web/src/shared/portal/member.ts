// Who is signed in to the portal (GET /api/organization_members/me, docs/providers.md), and the
// portal's sign-in and sign-out through the same POST /api/login and /api/logout as candidates.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/shared/api/client';
import { authKeys } from '@/shared/auth/keys';
import { noteToken } from '@/shared/auth/token-refresh';
import { useSignOut } from '@/shared/auth/sign-out';
import { providerKeys } from './keys';

export type OrganizationState = 'pending' | 'approved' | 'rejected';

/** The member's view of its organization: the profile it edits, the review state and the ad quota. */
export type MemberOrganization = {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  website: string | null;
  foundingYear: number | null;
  employees: number | null;
  workingDaysPerYear: number | null;
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
  logo: string | null;
  hasLogo?: boolean;
  state: OrganizationState;
  activeAdQuota: number;
  activeAds: number;
  candidateSearch: boolean;
  publicUrl?: string;
  /** Days an ended application stays readable before it is anonymized (90–180; issue 42 item 4). */
  applicationRetentionDays?: number;
  /** The organization's live jobs are in the Indeed feed /feeds/indeed.xml (issue 44); true unless opted out. */
  indeedFeed?: boolean;
};

export type OrganizationMember = {
  id: number;
  email: string;
  emailVerified: boolean;
  role: 'owner' | 'member';
  /** The member may write now: address confirmed, not blocked, organization approved. */
  canAct: boolean;
  organization: MemberOrganization;
};

/** The signed-in member; `signedOut` for a visitor (401), `notProvider` for candidates and administrators (403). */
export type MemberAnswer = { kind: 'member'; member: OrganizationMember } | { kind: 'signedOut' } | { kind: 'notProvider'; message: string };

export async function getMember(signal?: AbortSignal): Promise<MemberAnswer> {
  try {
    return { kind: 'member', member: await api.get<OrganizationMember>('/organization_members/me', { signal }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { kind: 'signedOut' };
    if (error instanceof ApiError && error.status === 403) {
      const message = (error.body as { message?: string } | undefined)?.message;
      return { kind: 'notProvider', message: message || 'Dieser Bereich ist nur für Jobanbieter.' };
    }
    throw error;
  }
}

export const memberQueryOptions = () =>
  queryOptions({ queryKey: providerKeys.member(), queryFn: ({ signal }) => getMember(signal), staleTime: 30_000 });

export function useProviderLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: { email: string; password: string }) => {
      const tokens = await api.post<{ token?: string }>('/login', credentials);
      noteToken(tokens?.token);
      return getMember();
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(providerKeys.member(), answer);
      return queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}

export function useProviderLogout() {
  return useSignOut({
    afterSignOut: (queryClient) => queryClient.setQueryData(providerKeys.member(), { kind: 'signedOut' } satisfies MemberAnswer),
  });
}

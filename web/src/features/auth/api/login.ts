// The sign-in calls: e-mail check (which way to continue), login, registration (also together
// with an application), forgotten password, signing out is shared/auth/sign-out.ts. Every call that issues tokens notes their
// expiry for the silent refresh (shared/auth/token-refresh.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { authKeys } from '@/shared/auth/keys';
import { noteToken } from '@/shared/auth/token-refresh';
import type { ApplicationSourceBody } from '@/shared/tracking/application-source';

export type EmailCheck = {
  email: string;
  exists: boolean;
  accountType: 'candidate' | 'organization' | null;
  next: 'registration' | 'login' | 'organization_login';
};

// The refresh token travels only in its HttpOnly cookie, never in a body.
type Tokens = { token?: string };

export type Registration = {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  passwordConfirmation: string;
  newsletter?: boolean;
  /** The current query (campaign data), as the object the server reads. */
  query?: Record<string, string>;
};

export const checkEmail = (email: string) => api.post<EmailCheck>('/candidate_profiles/email_check', { email });

/**
 * Registration answers the same whether or not the address already has an account, so it does not
 * sign in: the link in the mail confirms the address and signs in (verify-email-page).
 */
export const register = (body: Registration) => api.post<{ message?: string }>('/candidate_profiles/register', body);

/** Registration that stores an application, forwarded once the address is confirmed. */
export const registerAndApply = (
  body: Registration & {
    jobPosting: number;
    notes: string;
    locations: number[];
    languages: { language: string; level: string }[];
    /** Shifts of the job (ids), stored with the application or refused with it (422 at `shifts`). */
    shifts?: number[];
    /** Required with shifts: the rules for minors depend on the age (docs/fair-play.md). */
    birthDate?: string;
    /** Where the visitor came from, as the flow's URL carries it (shared/tracking/application-source.ts). */
    source?: ApplicationSourceBody;
  },
) => api.post<{ message?: string }>('/candidate_profiles/register_and_apply_on_job', body);

/** Mails a reset link (the answer is the same whether or not the address has an account). */
export const requestPasswordReset = (email: string) =>
  api.post<{ message?: string }>('/candidate_accounts_request_password_reset', { email });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { email: string; password: string }) => api.post<Tokens>('/login', credentials),
    onSuccess: (tokens) => {
      noteToken(tokens?.token);
      return queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}


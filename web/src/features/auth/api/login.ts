// The sign-in calls: e-mail check (which way to continue), login, logout.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { authKeys } from '@/shared/auth/keys';

export type EmailCheck = {
  email: string;
  exists: boolean;
  accountType: 'candidate' | 'organization' | null;
  next: 'registration' | 'login' | 'organization_login';
};

export const checkEmail = (email: string) => api.post<EmailCheck>('/candidate_profiles/email_check', { email });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { email: string; password: string }) =>
      api.post<{ token: string; refresh_token: string }>('/login', credentials),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.all }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/logout'),
    onSettled: () => queryClient.setQueryData(authKeys.me(), null),
  });
}

// "Auf allen Geräten abmelden": every session of the signed-in account ends, this one too
// (DELETE /api/me/sessions, docs/accounts.md), and the app forgets the signed-in user. Shared: the
// candidate's settings offer it, and a provider's account page may.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { authKeys } from '@/shared/auth/keys';
import { forgetToken } from '@/shared/auth/token-refresh';

export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/me/sessions'),
    onSuccess: () => {
      forgetToken();
      queryClient.setQueryData(authKeys.me(), null);
    },
  });
}

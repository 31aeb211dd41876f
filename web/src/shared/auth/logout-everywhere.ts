// "Auf allen Geräten abmelden": every session of the signed-in account ends, this one too
// (DELETE /api/me/sessions, docs/accounts.md), and the app forgets the signed-in user. Shared: the
// candidate's settings offer it, and a provider's account page may.
import { useSignOut } from '@/shared/auth/sign-out';

export function useLogoutEverywhere() {
  return useSignOut({ scope: 'every-device' });
}

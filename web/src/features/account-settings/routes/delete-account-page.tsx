// /meinen-account-loeschen: deleting the account needs the word "delete" typed in (the spec's
// confirmation); PATCH …/delete ends every session, so afterwards the app forgets the user and
// goes to the start page.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authKeys } from '@/shared/auth/keys';
import { forgetToken } from '@/shared/auth/token-refresh';
import type { CandidateAccount } from '@/shared/auth/use-user';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { TextField } from '@/shared/ui/text-field';
import { deleteConfirmation } from '@/shared/validation';
import { deleteAccount } from '../api/account';
import { track } from '@/shared/tracking/track';

export function DeleteAccountPage({ user }: { user: CandidateAccount }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    // The confirmation is checked here; the server's own word for it is fixed (api/account.ts).
    mutationFn: (_: { confirmation: string }) => deleteAccount(user.id),
    onSuccess: () => {
      track('deleted');
      forgetToken();
      queryClient.setQueryData(authKeys.me(), null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] });
      notify({ message: 'Dein Konto wurde gelöscht. Schade, dass du gehst!', color: 'success', timeout: 5000 });
      void navigate('/', { replace: true });
    },
  });
  const { ref, onSubmit, busy, field, refusal } = useMutationForm({ mutation, defaultValues: { confirmation: '' }, rules: { confirmation: [deleteConfirmation] } });
  const confirmation = field('confirmation');

  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label="Konto löschen">
      <p>
        Wenn du dein Konto löschst, entfernen wir dein Profil, deine Bilder, Videos und Dokumente, deine Favoriten und Job-Alerts. Das lässt sich nicht
        rückgängig machen. Tippe zur Bestätigung <strong>delete</strong> ein.
      </p>
      <TextField
        label="Bestätigung"
        autoComplete="off"
        {...confirmation}
        error={confirmation.error ?? (refusal !== undefined ? 'Dein Konto konnte nicht gelöscht werden. Bitte versuche es später noch einmal.' : undefined)}
      />
      <button type="submit" className={form.button} disabled={busy}>
        Konto endgültig löschen
      </button>
    </form>
  );
}

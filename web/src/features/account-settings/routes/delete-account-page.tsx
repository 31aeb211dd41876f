// /meinen-account-loeschen: deleting the account needs the word "delete" typed in (the spec's
// confirmation); PATCH …/delete ends every session, so afterwards the app forgets the user and
// goes to the start page.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { authKeys } from '@/shared/auth/keys';
import { forgetToken } from '@/shared/auth/token-refresh';
import type { CandidateAccount } from '@/shared/auth/use-user';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { TextField } from '@/shared/ui/text-field';
import { deleteConfirmation, serverErrors, validate } from '@/shared/validation';
import { deleteAccount } from '../api/account';
import { track } from '@/shared/tracking/track';

export function DeleteAccountPage({ user }: { user: CandidateAccount }) {
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate({ confirmation: confirmation.trim() }, { confirmation: [deleteConfirmation] });
    setError(found.confirmation ?? '');
    if (found.confirmation) return;
    setBusy(true);
    try {
      await deleteAccount(user.id);
      track('deleted');
      forgetToken();
      queryClient.setQueryData(authKeys.me(), null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] });
      notify({ message: 'Dein Konto wurde gelöscht. Schade, dass du gehst!', color: 'success', timeout: 5000 });
      void navigate('/', { replace: true });
    } catch (failure) {
      setError(serverErrors(failure).confirmation ?? 'Dein Konto konnte nicht gelöscht werden. Bitte versuche es später noch einmal.');
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Konto löschen">
      <p>
        Wenn du dein Konto löschst, entfernen wir dein Profil, deine Bilder, Videos und Dokumente, deine Favoriten und Job-Alerts. Das lässt sich nicht
        rückgängig machen. Tippe zur Bestätigung <strong>delete</strong> ein.
      </p>
      <TextField label="Bestätigung" name="confirmation" autoComplete="off" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} error={error} />
      <button type="submit" className={form.button} disabled={busy}>
        Konto endgültig löschen
      </button>
    </form>
  );
}

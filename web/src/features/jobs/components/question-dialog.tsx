// "Frage stellen": a message to the organization behind a job
// (POST /api/organizations/{id}/contact/visitor, or /user when signed in).
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/shared/api/client';
import { Dialog } from '@/shared/ui/dialog';
import form from '@/shared/ui/form.module.css';
import { track } from '@/shared/tracking/track';
import { contactOrganization } from '../api/job-actions';

type Props = { open: boolean; onClose: () => void; organizationId: number; jobId: number; loggedIn: boolean };

export function QuestionDialog({ open, onClose, organizationId, jobId, loggedIn }: Props) {
  const id = useId();
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setBusy(true);
    setError('');
    try {
      await contactOrganization(organizationId, loggedIn, { ...data, jobPosting: jobId });
      track('organization_contacted', { organizationId, jobPostingId: jobId });
      setSent(true);
    } catch (failure) {
      const body = failure instanceof ApiError ? (failure.body as { message?: string }) : undefined;
      setError(body?.message ?? 'Deine Nachricht konnte nicht gesendet werden. Bitte versuche es später noch einmal.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="Frage an den Jobanbieter">
      {sent ? (
        <p role="status">Danke! Deine Nachricht ist beim Jobanbieter angekommen.</p>
      ) : (
        <form onSubmit={onSubmit}>
          {!loggedIn && (
            <>
              <div className={form.field}>
                <label htmlFor={`${id}-name`}>Dein Name</label>
                <input id={`${id}-name`} name="name" autoComplete="name" required />
              </div>
              <div className={form.field}>
                <label htmlFor={`${id}-email`}>Deine E-Mail-Adresse</label>
                <input id={`${id}-email`} name="email" type="email" autoComplete="email" required />
              </div>
            </>
          )}
          <div className={form.field}>
            <label htmlFor={`${id}-message`}>Deine Frage</label>
            <textarea id={`${id}-message`} name="message" rows={5} required />
          </div>
          {error && <p className={form.error} role="alert">{error}</p>}
          <button type="submit" className={form.button} disabled={busy}>
            Frage senden
          </button>
        </form>
      )}
    </Dialog>
  );
}

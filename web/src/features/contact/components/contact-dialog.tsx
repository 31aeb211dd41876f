// The contact dialog opened by ?generalContact=1&topic=… in both layouts: a general request
// (POST /api/general_contact) or, for organizations asking for an offer (topic
// project_request/offer), a project request (POST /api/project_contact). Candidates are
// addressed with "du", organizations with "Sie".
import { useId, useState, type FormEvent } from 'react';
import { api, ApiError } from '@/shared/api/client';
import { track } from '@/shared/tracking/track';
import { Dialog } from '@/shared/ui/dialog';
import form from '@/shared/ui/form.module.css';

type Props = { open: boolean; onClose: () => void; topic: string; audience: 'candidate' | 'organization' };

const PROJECT_TOPICS = new Set(['project_request', 'offer', 'offer_request']);

export function ContactDialog({ open, onClose, topic, audience }: Props) {
  const id = useId();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const project = PROJECT_TOPICS.has(topic);
  const sie = audience === 'organization';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setBusy(true);
    setError('');
    try {
      await api.post(project ? '/project_contact' : '/general_contact', { ...data, topic, query: window.location.search });
      track(project ? 'project_contact' : 'general_contact', { formName: topic });
      setSent(true);
    } catch (failure) {
      const body = failure instanceof ApiError ? (failure.body as { message?: string }) : undefined;
      setError(
        body?.message ??
          (sie
            ? 'Ihre Anfrage konnte nicht gesendet werden. Bitte versuchen Sie es später noch einmal.'
            : 'Deine Nachricht konnte nicht gesendet werden. Bitte versuche es später noch einmal.'),
      );
    } finally {
      setBusy(false);
    }
  }

  const title = project ? 'Angebot anfragen' : sie ? 'Kontakt aufnehmen' : 'Schreib uns';
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {sent ? (
        <p role="status">{sie ? 'Vielen Dank! Wir melden uns in Kürze bei Ihnen.' : 'Danke! Wir melden uns bald bei dir.'}</p>
      ) : (
        <form onSubmit={onSubmit}>
          <div className={form.field}>
            <label htmlFor={`${id}-name`}>{sie ? 'Ihr Name' : 'Dein Name'}</label>
            <input id={`${id}-name`} name="name" autoComplete="name" required />
          </div>
          {sie && (
            <div className={form.field}>
              <label htmlFor={`${id}-company`}>Unternehmen</label>
              <input id={`${id}-company`} name="company" autoComplete="organization" required />
            </div>
          )}
          <div className={form.field}>
            <label htmlFor={`${id}-email`}>E-Mail-Adresse</label>
            <input id={`${id}-email`} name="email" type="email" autoComplete="email" required />
          </div>
          <div className={form.field}>
            <label htmlFor={`${id}-phone`}>Telefon (optional)</label>
            <input id={`${id}-phone`} name="phone" type="tel" autoComplete="tel" />
          </div>
          {project && (
            <div className={form.field}>
              <label htmlFor={`${id}-need`}>Personalbedarf</label>
              <input id={`${id}-need`} name="personnelRequirement" placeholder="z. B. 10 Promoter an 3 Tagen" />
            </div>
          )}
          <div className={form.field}>
            <label htmlFor={`${id}-message`}>{project ? 'Projektbeschreibung' : sie ? 'Ihre Nachricht' : 'Deine Nachricht'}</label>
            <textarea id={`${id}-message`} name={project ? 'projectDescription' : 'message'} rows={5} required />
          </div>
          {error && <p className={form.error} role="alert">{error}</p>}
          <button type="submit" className={form.button} disabled={busy}>
            Absenden
          </button>
        </form>
      )}
    </Dialog>
  );
}

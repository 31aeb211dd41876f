// The contact dialog opened by ?generalContact=1&topic=… in both layouts: a general request
// (POST /api/general_contact); an offer request (topic project_request/offer_request) to us
// (POST /api/project_contact); or, with &organization={id} (the job page's "Angebot anfragen"), an
// offer request to that organization (POST /api/organizations/{id}/contact/visitor). Offer
// requests choose a topic and the activities (type-to-filter over the catalogue's list). Candidates
// are addressed with "du"; organizations, and whoever asks for an offer (a company), with "Sie".
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useReferenceList } from '@/shared/api/reference-lists';
import { track } from '@/shared/tracking/track';
import { Choices } from '@/shared/ui/choices';
import { Dialog } from '@/shared/ui/dialog';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';
import { serverErrors } from '@/shared/validation/server-errors';
import { recipientQueryOptions, sendContact, type ContactTarget } from '../api/contact';
import { initialTopic, JOBHAFEN_TOPICS, OFFER_TOPICS, ORGANIZATION_TOPICS } from '../lib/topics';

type Props = { open: boolean; onClose: () => void; topic: string; audience: 'candidate' | 'organization'; organizationId?: number };

export function ContactDialog({ open, onClose, topic, audience, organizationId }: Props) {
  const toOrganization = organizationId !== undefined && organizationId > 0;
  const offer = toOrganization || OFFER_TOPICS.has(topic);
  const sie = audience === 'organization' || offer;
  // A candidate's note to us has no topic to choose; everyone else picks one.
  const topics = toOrganization ? ORGANIZATION_TOPICS : sie ? JOBHAFEN_TOPICS : null;
  const target: ContactTarget = toOrganization ? { kind: 'organization', organizationId } : offer ? { kind: 'project' } : { kind: 'general' };
  const recipient = useQuery({ ...recipientQueryOptions(organizationId ?? 0), enabled: open && toOrganization });
  const title = offer ? 'Angebot anfragen' : sie ? 'Kontakt aufnehmen' : 'Schreib uns';
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {recipient.data && <p>Ihre Anfrage geht an {recipient.data.name}.</p>}
      <ContactForm key={topic} target={target} topic={topic} topics={topics} offer={offer} sie={sie} />
    </Dialog>
  );
}

type FormProps = { target: ContactTarget; topic: string; topics: typeof JOBHAFEN_TOPICS | null; offer: boolean; sie: boolean };

function ContactForm({ target, topic, topics, offer, sie }: FormProps) {
  const id = useId();
  const activities = useReferenceList('activities');
  const [chosenTopic, setTopic] = useState(() => (topics ? initialTopic(topics, topic) : topic));
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  // The organization's form names the text "message"; our project inbox calls it the project description.
  const textName = offer && target.kind === 'project' ? 'projectDescription' : 'message';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setBusy(true);
    setError('');
    setErrors({});
    try {
      await sendContact(target, { ...data, topic: chosenTopic, ...(offer ? { activities: chosen } : {}), query: window.location.search });
      if (target.kind === 'organization') track('organization_contacted', { organizationId: target.organizationId, formName: chosenTopic });
      else track(offer ? 'project_contact' : 'general_contact', { formName: chosenTopic });
      setSent(true);
    } catch (failure) {
      const fields = serverErrors(failure);
      setErrors(fields);
      const body = (failure as { body?: { message?: string } } | null)?.body;
      if (Object.keys(fields).length === 0)
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

  if (sent) return <p role="status">{sie ? 'Vielen Dank! Wir melden uns in Kürze bei Ihnen.' : 'Danke! Wir melden uns bald bei dir.'}</p>;
  return (
    <form onSubmit={onSubmit}>
      <TextField label={sie ? 'Ihr Name' : 'Dein Name'} name="name" autoComplete="name" maxLength={200} required error={errors.name} />
      {sie && <TextField label="Unternehmen" name="company" autoComplete="organization" maxLength={200} required={offer || target.kind === 'project'} error={errors.company} />}
      <TextField label="E-Mail-Adresse" name="email" type="email" autoComplete="email" maxLength={254} required error={errors.email} />
      <TextField label="Telefon (optional)" name="phone" type="tel" autoComplete="tel" maxLength={200} error={errors.phone} />
      {topics && (
        <Field id={`${id}-topic`} label="Thema" error={errors.topic}>
          <select id={`${id}-topic`} value={chosenTopic} onChange={(e) => setTopic(e.target.value)} aria-invalid={errors.topic ? true : undefined}>
            {topics.map((t) => (
              <option key={t.code} value={t.code}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
      )}
      {offer && (
        <>
          <Choices legend="Tätigkeiten" options={activities} value={chosen} onChange={setChosen} error={errors.activities} />
          <TextField label="Personalbedarf" name="personnelRequirement" placeholder="z. B. 10 Promoter an 3 Tagen" maxLength={200} error={errors.personnelRequirement} />
        </>
      )}
      <Field id={`${id}-message`} label={offer ? 'Projektbeschreibung' : sie ? 'Ihre Nachricht' : 'Deine Nachricht'} error={errors[textName]}>
        <textarea id={`${id}-message`} name={textName} rows={5} maxLength={5000} required aria-invalid={errors[textName] ? true : undefined} />
      </Field>
      {error && (
        <p className={form.error} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={form.button} disabled={busy}>
        Absenden
      </button>
    </form>
  );
}

/** A labelled control with its error underneath. */
function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={form.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && <p className={form.error}>{error}</p>}
    </div>
  );
}

// The contact dialog opened by ?generalContact=1&topic=… in both layouts: a general request
// (POST /api/general_contact); an offer request (topic project_request/offer_request) to us
// (POST /api/project_contact); or, with &organization={id} (the job page's "Angebot anfragen"), an
// offer request to that organization (POST /api/organizations/{id}/contact/visitor). Offer
// requests choose a topic and the activities (type-to-filter over the catalogue's list). Candidates
// are addressed with "du"; organizations, and whoever asks for an offer (a company), with "Sie".
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useReferenceList } from '@/shared/api/reference-lists';
import { track } from '@/shared/tracking/track';
import { Choices } from '@/shared/ui/choices';
import { Dialog } from '@/shared/ui/dialog';
import form from '@/shared/ui/form.module.css';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { TextField } from '@/shared/ui/text-field';
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

type ContactValues = {
  name: string;
  company: string;
  email: string;
  phone: string;
  topic: string;
  activities: string[];
  personnelRequirement: string;
  message: string;
  projectDescription: string;
};

function ContactForm({ target, topic, topics, offer, sie }: FormProps) {
  const id = useId();
  const activities = useReferenceList('activities');
  // The organization's form names the text "message"; our project inbox calls it the project description.
  const textName = offer && target.kind === 'project' ? 'projectDescription' : 'message';
  const mutation = useMutation({
    // Only the fields this form shows go out, as the form's own data did before.
    mutationFn: (values: ContactValues) =>
      sendContact(target, {
        name: values.name,
        ...(sie ? { company: values.company } : {}),
        email: values.email,
        phone: values.phone,
        ...(offer ? { personnelRequirement: values.personnelRequirement } : {}),
        [textName]: values[textName],
        topic: values.topic,
        ...(offer ? { activities: values.activities } : {}),
        query: window.location.search,
      }),
    onSuccess: (_, values) => {
      if (target.kind === 'organization') track('organization_contacted', { organizationId: target.organizationId, formName: values.topic });
      else track(offer ? 'project_contact' : 'general_contact', { formName: values.topic });
    },
  });
  const { form: state, ref, onSubmit, busy, field, error, refusal } = useMutationForm<ContactValues>({
    mutation,
    defaultValues: {
      name: '',
      company: '',
      email: '',
      phone: '',
      topic: topics ? initialTopic(topics, topic) : topic,
      activities: [],
      personnelRequirement: '',
      message: '',
      projectDescription: '',
    },
  });

  if (mutation.isSuccess) return <p role="status">{sie ? 'Vielen Dank! Wir melden uns in Kürze bei Ihnen.' : 'Danke! Wir melden uns bald bei dir.'}</p>;
  return (
    <form ref={ref} onSubmit={onSubmit}>
      <TextField label={sie ? 'Ihr Name' : 'Dein Name'} autoComplete="name" maxLength={200} required {...field('name')} />
      {sie && <TextField label="Unternehmen" autoComplete="organization" maxLength={200} required={offer || target.kind === 'project'} {...field('company')} />}
      <TextField label="E-Mail-Adresse" type="email" autoComplete="email" maxLength={254} required {...field('email')} />
      <TextField label="Telefon (optional)" type="tel" autoComplete="tel" maxLength={200} {...field('phone')} />
      {topics && (
        <Field id={`${id}-topic`} label="Thema" error={error('topic')}>
          <select id={`${id}-topic`} {...state.register('topic')} aria-invalid={error('topic') ? true : undefined}>
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
          <Choices legend="Tätigkeiten" options={activities} value={state.watch('activities')} onChange={(chosen) => state.setValue('activities', chosen)} error={error('activities')} />
          <TextField label="Personalbedarf" placeholder="z. B. 10 Promoter an 3 Tagen" maxLength={200} {...field('personnelRequirement')} />
        </>
      )}
      <Field id={`${id}-message`} label={offer ? 'Projektbeschreibung' : sie ? 'Ihre Nachricht' : 'Deine Nachricht'} error={error(textName)}>
        <textarea id={`${id}-message`} {...state.register(textName)} rows={5} maxLength={5000} required aria-invalid={error(textName) ? true : undefined} />
      </Field>
      {refusal !== undefined && (
        <p className={form.error} role="alert">
          {refusal ||
            (sie
              ? 'Ihre Anfrage konnte nicht gesendet werden. Bitte versuchen Sie es später noch einmal.'
              : 'Deine Nachricht konnte nicht gesendet werden. Bitte versuche es später noch einmal.')}
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

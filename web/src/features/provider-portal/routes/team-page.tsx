// /recruiting/portal/team: who works for the organization in Jobhafen (GET
// /organizations/{id}/members). The owner invites a colleague by e-mail (the colleague sets a
// password from the mailed link) and removes members; the owner's own entry cannot be removed
// while it is the only one. Members see the team and are told that only the owner changes it.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';
import { email as emailRule, required, validate, type Errors } from '@/shared/validation';
import type { OrganizationMember } from '../api/member';
import { teamQueryOptions, useInviteMember, useRemoveMember, type TeamMember } from '../api/team';
import { PortalFrame } from '../components/portal-frame';
import styles from '../components/portal.module.css';
import { formatDateTime } from '../lib/format';
import { fieldErrors, providerMessage } from '../lib/messages';

export function TeamPage() {
  return <PortalFrame title="Team">{(member) => <Team member={member} />}</PortalFrame>;
}

function Team({ member }: { member: OrganizationMember }) {
  const organizationId = member.organization.id;
  const team = useQuery(teamQueryOptions(organizationId));
  const manages = member.role === 'owner' && member.canAct;
  return (
    <>
      <h1>Team</h1>
      <p>Alle Personen in Ihrem Team bearbeiten Unternehmensprofil, Stellenanzeigen und Bewerbungen von {member.organization.name}.</p>
      {manages ? <InviteForm organizationId={organizationId} /> : member.role !== 'owner' && <p>Nur die Inhaberin oder der Inhaber des Unternehmenskontos lädt Teammitglieder ein oder entfernt sie.</p>}
      {team.isPending && <p role="status">Das Team wird geladen …</p>}
      {team.isError && <p role="alert">{providerMessage(team.error, 'Das Team konnte nicht geladen werden. Bitte versuchen Sie es noch einmal.')}</p>}
      {team.data && (
        <ul className={styles.jobs} aria-label="Teammitglieder" aria-busy={team.isFetching}>
          {team.data['hydra:member'].map((person) => (
            <MemberRow key={person.id} person={person} organizationId={organizationId} manages={manages} />
          ))}
        </ul>
      )}
    </>
  );
}

function InviteForm({ organizationId }: { organizationId: number }) {
  const invite = useInviteMember(organizationId);
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const address = String(new FormData(target).get('email') ?? '').trim();
    const found = validate({ email: address }, { email: [required, emailRule] });
    setErrors(found);
    setError('');
    setSentTo('');
    if (Object.keys(found).length) return;
    invite.mutate(address, {
      onSuccess: () => {
        setSentTo(address);
        target.reset();
      },
      onError: (failure) => {
        const fields = fieldErrors(failure);
        setErrors(fields);
        if (!Object.keys(fields).length) setError(providerMessage(failure));
      },
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Teammitglied einladen">
      <h2>Teammitglied einladen</h2>
      <TextField label="E-Mail-Adresse der Kollegin oder des Kollegen" name="email" type="email" autoComplete="off" error={errors.email} required />
      {error && (
        <p className={form.error} role="alert">
          {error}
        </p>
      )}
      {sentTo && <p role="status">Wir haben eine Einladung an {sentTo} geschickt. Der Link darin ist 7 Tage lang gültig.</p>}
      <div>
        <button className={form.button} type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Wird eingeladen …' : 'Einladen'}
        </button>
      </div>
    </form>
  );
}

function MemberRow({ person, organizationId, manages }: { person: TeamMember; organizationId: number; manages: boolean }) {
  const remove = useRemoveMember(organizationId);
  const [confirming, setConfirming] = useState(false);
  const status = person.invitationPending ? 'Eingeladen, noch nicht angemeldet' : person.role === 'owner' ? 'Inhaber/in' : 'Mitglied';
  return (
    <li className={styles.job}>
      <p>
        <strong>{person.email}</strong>
        {person.isMe && ' (Sie)'}
      </p>
      <p className={styles.meta}>
        {status} · seit {formatDateTime(person.createdAt)}
      </p>
      {manages && person.role !== 'owner' && (
        <div className={form.row}>
          {confirming ? (
            <>
              <button type="button" className={form.button} disabled={remove.isPending} onClick={() => remove.mutate(person.id)}>
                {remove.isPending ? 'Wird entfernt …' : `${person.email} wirklich entfernen`}
              </button>
              <button type="button" className={form.secondary} disabled={remove.isPending} onClick={() => setConfirming(false)}>
                Abbrechen
              </button>
            </>
          ) : (
            <button type="button" className={form.secondary} onClick={() => setConfirming(true)}>
              Entfernen
            </button>
          )}
        </div>
      )}
      {remove.isError && (
        <p className={form.error} role="alert">
          {providerMessage(remove.error)}
        </p>
      )}
    </li>
  );
}

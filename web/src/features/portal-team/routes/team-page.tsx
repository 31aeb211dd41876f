// /recruiting/portal/team: who works for the organization in Jobhafen (GET
// /organizations/{id}/members) and who is invited (GET /organizations/{id}/invitations). The owner
// invites a colleague by e-mail (an account exists only once the colleague accepts through the
// mailed link), re-sends or withdraws open invitations and removes members; the owner's own entry
// cannot be removed while it is the only one. Members see both lists and are told that only the
// owner changes them. The owner of an organization that may act also manages its API keys here
// (components/api-keys-section.tsx) and its webhook endpoints (components/webhooks-section.tsx).
import { useQuery } from '@tanstack/react-query';
import form from '@/shared/ui/form.module.css';
import { ConfirmedButton } from '../components/confirmed-button';
import { TextField } from '@/shared/ui/text-field';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { ActionFailure, FormRefusal } from '@/shared/forms/form-refusal';
import { email as emailRule, required } from '@/shared/validation';
import type { OrganizationMember } from '@/shared/portal/member';
import {
  invitationsQueryOptions,
  teamQueryOptions,
  useInviteMember,
  useRemoveMember,
  useResendInvitation,
  useWithdrawInvitation,
  type TeamInvitation,
  type TeamMember,
} from '../api/team';
import { PortalFrame } from '@/shared/portal/portal-frame';
import styles from '@/shared/portal/portal.module.css';
import { formatDateTime } from '@/shared/portal/format';
import { providerMessage } from '@/shared/portal/messages';
import { ApiKeysSection } from '../components/api-keys-section';
import { WebhooksSection } from '../components/webhooks-section';

export function TeamPage() {
  return <PortalFrame title="Team">{(member) => <Team member={member} />}</PortalFrame>;
}

function Team({ member }: { member: OrganizationMember }) {
  const organizationId = member.organization.id;
  const team = useQuery(teamQueryOptions(organizationId));
  const manages = member.role === 'owner' && member.canAct;
  return (
    <>
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
      <Invitations organizationId={organizationId} manages={manages} />
      {manages && <ApiKeysSection organizationId={organizationId} />}
      {manages && <WebhooksSection organizationId={organizationId} />}
    </>
  );
}

function Invitations({ organizationId, manages }: { organizationId: number; manages: boolean }) {
  const invitations = useQuery(invitationsQueryOptions(organizationId));
  if (invitations.isError)
    return <p role="alert">{providerMessage(invitations.error, 'Die Einladungen konnten nicht geladen werden. Bitte versuchen Sie es noch einmal.')}</p>;
  const open = invitations.data?.['hydra:member'] ?? [];
  if (!open.length) return null;
  return (
    <>
      <h2>Offene Einladungen</h2>
      <p>Ein Konto entsteht erst, wenn die eingeladene Person die Einladung annimmt. Bis dahin können Sie sie erneut senden oder zurückziehen.</p>
      <ul className={styles.jobs} aria-label="Offene Einladungen" aria-busy={invitations.isFetching}>
        {open.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} organizationId={organizationId} manages={manages} />
        ))}
      </ul>
    </>
  );
}

/** The server sends one invitation at most this often (docs/providers.md, the team's bounds). */
const SENDS_PER_INVITATION = 3;
const sentLabel = (n: number) => `${n === 1 ? '1 Mail' : `${n} Mails`} von höchstens ${SENDS_PER_INVITATION} verschickt`;

function InvitationRow({ invitation, organizationId, manages }: { invitation: TeamInvitation; organizationId: number; manages: boolean }) {
  const resend = useResendInvitation(organizationId);
  const withdraw = useWithdrawInvitation(organizationId);
  const failure = resend.error ?? withdraw.error;
  const state = invitation.expired ? 'Einladung abgelaufen' : `Eingeladen, gültig bis ${formatDateTime(invitation.expiresAt)}`;
  return (
    <li className={styles.job}>
      <p>
        <strong>{invitation.email}</strong>
      </p>
      <p className={styles.meta}>
        {state} · zuletzt verschickt {formatDateTime(invitation.lastSentAt)}
        {invitation.invitedBy && ` von ${invitation.invitedBy}`} · {sentLabel(invitation.sentCount)}
      </p>
      {manages && (
        <div className={form.row}>
          <button type="button" className={form.secondary} disabled={resend.isPending} onClick={() => resend.mutate(invitation.id)}>
            {resend.isPending ? 'Wird gesendet …' : 'Erneut senden'}
          </button>
          <button type="button" className={form.secondary} disabled={withdraw.isPending} onClick={() => withdraw.mutate(invitation.id)}>
            {withdraw.isPending ? 'Wird zurückgezogen …' : 'Zurückziehen'}
          </button>
        </div>
      )}
      {resend.isSuccess && <p role="status">Wir haben die Einladung an {invitation.email} erneut geschickt. Der frühere Link gilt nicht mehr.</p>}
      <ActionFailure error={failure} describe={providerMessage} />
    </li>
  );
}

function InviteForm({ organizationId }: { organizationId: number }) {
  const invite = useInviteMember(organizationId);
  const { form: state, ref, onSubmit, busy, field, refusal } = useMutationForm({
    mutation: { isPending: invite.isPending, mutateAsync: (values: { email: string }) => invite.mutateAsync(values.email.trim()) },
    defaultValues: { email: '' },
    rules: { email: [required, emailRule] },
    onSuccess: () => state.reset(),
    describe: (failure) => providerMessage(failure),
  });
  // Shown until the next invitation is sent (a new submit starts the mutation afresh).
  const sentTo = invite.isSuccess ? invite.variables.trim() : '';

  return (
    <form ref={ref} className={styles.form} onSubmit={onSubmit} noValidate aria-label="Teammitglied einladen">
      <h2>Teammitglied einladen</h2>
      <TextField label="E-Mail-Adresse der Kollegin oder des Kollegen" type="email" autoComplete="off" {...field('email')} required />
      <FormRefusal refusal={refusal} />
      {sentTo && (
        <p role="status">
          Wir haben eine Einladung an {sentTo} geschickt. Der Link darin ist 7 Tage lang gültig; ein Konto entsteht erst, wenn die Person die Einladung annimmt.
        </p>
      )}
      <div>
        <button className={form.button} type="submit" disabled={busy}>
          {busy ? 'Wird eingeladen …' : 'Einladen'}
        </button>
      </div>
    </form>
  );
}

function MemberRow({ person, organizationId, manages }: { person: TeamMember; organizationId: number; manages: boolean }) {
  const remove = useRemoveMember(organizationId);
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
          <ConfirmedButton label="Entfernen" confirmLabel={`${person.email} wirklich entfernen`} busyLabel="Wird entfernt …"
            pending={remove.isPending} onConfirm={() => remove.mutate(person.id)} />
        </div>
      )}
      <ActionFailure error={remove.error} describe={providerMessage} />
    </li>
  );
}

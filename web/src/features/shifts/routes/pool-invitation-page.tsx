// /pool-einladung/:id, the link of the mail "Einladung in den Pool von …" (issue 42 item 4, issue 43
// item 7; docs/fair-play.md "Talent pool"): the consent text as stored with the invitation, and
// "Zustimmen" or "Ablehnen"; once consented, "Einwilligung widerrufen" on the same page, as easy as
// consenting (Art. 7 Abs. 3 DSGVO). Signed in (the frame asks for it): the answer is the candidate's own.
import { useParams } from 'react-router';
import { errorMessage } from '@/shared/api/error-message';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { useAnswerPoolInvitation, usePoolInvitation, type MyPoolInvitation } from '../api/pool-invitations';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' }) : '');

function stateText(i: MyPoolInvitation): string {
  if (i.member) return `Du bist im Pool von ${i.organization.name} – bis ${day(i.consentUntil)}.`;
  if (i.status === 'declined') return 'Du hast diese Einladung abgelehnt. Es ändert sich nichts für dich.';
  if (i.status === 'revoked') return 'Du hast deine Einwilligung widerrufen. Für deine Bewerbung gilt wieder die normale Aufbewahrungsfrist.';
  if (i.status === 'accepted') return 'Deine Einwilligung ist abgelaufen.';
  return '';
}

export function PoolInvitationPage() {
  const id = Number(useParams().id);
  const invitation = usePoolInvitation(id);
  const answer = useAnswerPoolInvitation(id);
  if (invitation.isPending) return <PageLoading />;
  if (invitation.isError) return <p role="alert">{errorMessage(invitation.error, 'Diese Einladung konnte gerade nicht geladen werden.')}</p>;
  const i = invitation.data;
  return (
    <>
      <p>
        <strong>{i.organization.name}</strong> lädt dich in {i.kind === 'talent' ? 'den eigenen Talentpool' : 'den eigenen Pool von Stammkräften'} ein
        (deine Bewerbung „{i.jobTitle}“).
      </p>
      <blockquote>{i.consentText}</blockquote>
      {i.status === 'invited' ? (
        <div className={form.row}>
          <button type="button" className={form.yellow} disabled={answer.isPending} onClick={() => answer.mutate('accept')}>
            Zustimmen
          </button>
          <button type="button" disabled={answer.isPending} onClick={() => answer.mutate('decline')}>
            Ablehnen
          </button>
        </div>
      ) : (
        <p role="status">{stateText(i)}</p>
      )}
      {i.member && (
        <button type="button" disabled={answer.isPending} onClick={() => answer.mutate('revoke')}>
          Einwilligung widerrufen
        </button>
      )}
      {answer.isError && <p role="alert">{errorMessage(answer.error, 'Das hat gerade nicht geklappt. Bitte versuche es gleich noch einmal.')}</p>}
    </>
  );
}

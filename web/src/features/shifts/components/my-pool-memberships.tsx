// "Pools von Jobanbietern" in the candidate's settings (issue 42 item 4, issue 43 item 7;
// docs/shifts.md "The pool of regulars"): every pool she was invited into, with the organization,
// since when and until when she is a member, and "Widerrufen" beside each running consent, so
// revoking is as easy as consenting (Art. 7 Abs. 3 DSGVO) without the invitation's mail. A page at
// a time (GET /me/pool_invitations, ?seite= in the address).
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorMessage } from '@/shared/api/error-message';
import type { MyPoolInvitation } from '@/shared/api/pool';
import form from '@/shared/ui/form.module.css';
import { Pager, pageOf } from '@/shared/ui/pager';
import { MY_POOL_PER_PAGE, useAnswerPoolInvitation, useMyPoolInvitations } from '../api/pool-invitations';

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }) : '';

function stateText(i: MyPoolInvitation): string {
  if (i.member) return `im Pool seit ${day(i.decidedAt)}, bis ${day(i.consentUntil)}`;
  if (i.status === 'invited') return `eingeladen am ${day(i.invitedAt)}`;
  if (i.status === 'declined') return 'Einladung abgelehnt';
  if (i.status === 'revoked') return `Einwilligung widerrufen am ${day(i.revokedAt)}`;
  return `Einwilligung abgelaufen am ${day(i.consentUntil)}`;
}

function Membership({ invitation }: { invitation: MyPoolInvitation }) {
  const revoke = useAnswerPoolInvitation(invitation.id);
  const name = invitation.organization.name;
  return (
    <li>
      <strong>{name}</strong> ({invitation.kind === 'talent' ? 'Talentpool' : 'Stammkräfte'}) – {stateText(invitation)}
      {invitation.member && (
        <>
          {' '}
          <button type="button" className={form.secondary} disabled={revoke.isPending} aria-label={`Einwilligung für ${name} widerrufen`}
            onClick={() => revoke.mutate('revoke')}>
            Widerrufen
          </button>
        </>
      )}
      {invitation.status === 'invited' && (
        <>
          {' '}
          <Link to={`/pool-einladung/${invitation.id}`}>Einladung ansehen</Link>
        </>
      )}
      {revoke.isSuccess && <p role="status">Du bist nicht mehr im Pool von {name}. Für deine Bewerbung gilt wieder die normale Aufbewahrungsfrist.</p>}
      {revoke.isError && <p role="alert">{errorMessage(revoke.error, 'Das hat gerade nicht geklappt. Bitte versuche es gleich noch einmal.')}</p>}
    </li>
  );
}

export function MyPoolMemberships() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const page = pageOf(params);
  const list = useMyPoolInvitations(page);
  return (
    <section aria-labelledby="pool-memberships">
      <h2 id="pool-memberships">Pools von Jobanbietern</h2>
      {list.isPending ? (
        <p>Einen Moment …</p>
      ) : list.isError ? (
        <p role="alert">{errorMessage(list.error, 'Deine Pools konnten gerade nicht geladen werden. Bitte lade die Seite neu.')}</p>
      ) : list.data['hydra:member'].length === 0 ? (
        <p>Du bist in keinem Pool eines Jobanbieters.</p>
      ) : (
        <>
          <p>Hier siehst du, welche Jobanbieter dich in ihren Pool eingeladen haben. Deine Einwilligung kannst du jederzeit widerrufen.</p>
          <ul aria-label="Meine Pools">
            {list.data['hydra:member'].map((i) => (
              <Membership key={i.id} invitation={i} />
            ))}
          </ul>
          <Pager page={page} total={list.data['hydra:totalItems']} perPage={MY_POOL_PER_PAGE} href={(p) => `${pathname}?seite=${p}`} />
        </>
      )}
    </section>
  );
}

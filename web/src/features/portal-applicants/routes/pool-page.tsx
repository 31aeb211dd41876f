// /recruiting/portal/pool: the organization's pool ("Sie"; issue 42 item 4, issue 43 item 7;
// docs/shifts.md "The pool of regulars"): the members (their consent runs) first, then the open,
// declined and revoked invitations, a page at a time (?seite=). Inviting is on the applicant's page
// ("In den Pool einladen").
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PageLoading } from '@/shared/ui/page-loading';
import { Pager, pageOf } from '@/shared/ui/pager';
import type { OrganizationMember } from '@/shared/portal/member';
import { POOL_PER_PAGE, poolQueryOptions, type PoolInvitation } from '../api/pool';
import { PortalFrame } from '@/shared/portal/portal-frame';
import styles from '@/shared/portal/portal.module.css';
import { formatDate } from '@/shared/portal/format';
import { providerMessage } from '@/shared/portal/messages';
import { portalPath } from '@/shared/portal/paths';

const KIND: Record<PoolInvitation['kind'], string> = { talent: 'Talentpool', regulars: 'Stammkraft' };

function state(p: PoolInvitation): string {
  if (p.member) return `im Pool bis ${formatDate(p.consentUntil ?? '')}`;
  if (p.status === 'invited') return `eingeladen am ${formatDate(p.invitedAt)}, Antwort steht aus`;
  if (p.status === 'declined') return 'hat abgelehnt';
  if (p.status === 'revoked') return 'hat die Einwilligung widerrufen';
  return 'Einwilligung abgelaufen';
}

export function PoolPage() {
  return <PortalFrame title="Pool">{(member) => <Pool member={member} />}</PortalFrame>;
}

function Pool({ member }: { member: OrganizationMember }) {
  const [params] = useSearchParams();
  const page = pageOf(params);
  const pool = useQuery(poolQueryOptions(member.organization.id, page));
  if (pool.isPending) return <PageLoading />;
  if (pool.isError) return <p role="alert">{providerMessage(pool.error, 'Ihr Pool konnte gerade nicht geladen werden. Bitte laden Sie die Seite neu.')}</p>;
  const items = pool.data['hydra:member'];
  return (
    <>
      <p>
        In Ihrem Pool sind Personen, die zugestimmt haben, dass Sie ihre Bewerbung 12 Monate aufbewahren und ihnen Einsätze vorab
        anbieten. Die Zustimmung kann jederzeit widerrufen werden. Einladen können Sie auf der Seite einer Bewerbung.
      </p>
      {items.length === 0 ? (
        <p>Noch niemand in Ihrem Pool.</p>
      ) : (
        <ul aria-label="Pool" className={styles.jobs}>
          {items.map((p) => (
            <li key={p.id} className={styles.job}>
              <strong>{p.candidate ? `${p.candidate.firstName} ${p.candidate.lastName}`.trim() || 'ohne Namen' : 'anonymisiert'}</strong>
              {' · '}
              {KIND[p.kind]} · {state(p)}
              <p className={styles.meta}>
                Bewerbung auf {p.jobTitle}
                {p.candidate && (
                  <>
                    {' · '}
                    <Link to={portalPath.applicant(p.applicationId)}>Bewerbung öffnen</Link>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} total={pool.data['hydra:totalItems']} perPage={POOL_PER_PAGE} href={(p) => `${portalPath.pool()}?seite=${p}`} />
    </>
  );
}

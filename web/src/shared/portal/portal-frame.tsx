// The frame of every portal page (behind the organization login): a visitor is sent to the
// sign-in page and comes back afterwards; a candidate or administrator is told this area is for
// providers; a member gets the portal navigation, the organization's name, "Abmelden", and while
// it may not write yet (address unconfirmed, organization under review or rejected) the reason.
// On a phone the navigation is folded into one "Portal-Menü" button, so the page's heading is on
// the first screen; it folds again after each move.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, Navigate, NavLink, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { memberQueryOptions, useProviderLogout, type OrganizationMember } from './member';
import { PORTAL, portalPath } from './paths';
import styles from './portal.module.css';

type Props = { title: string; children: (member: OrganizationMember) => ReactNode };

/** Why a member may only read, in the member's situation; null when it may write. */
export function readOnlyReason(member: OrganizationMember): string | null {
  if (member.canAct) return null;
  if (!member.emailVerified) return 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link in unserer E-Mail. Danach können Sie Ihre Angaben und Stellenanzeigen bearbeiten.';
  if (member.organization.state === 'rejected') return 'Ihre Registrierung wurde leider nicht freigeschaltet. Bei Fragen wenden Sie sich bitte an unseren Support.';
  if (member.organization.state === 'pending')
    return 'Ihr Unternehmen wird noch geprüft. Sobald wir es freigeschaltet haben, können Sie Ihre Angaben und Stellenanzeigen bearbeiten.';
  // Approved but switched off by an administrator: the server's 403 on every provider route says the same.
  return 'Ihr Unternehmen ist gesperrt. Sie können zurzeit nicht für Ihr Unternehmen handeln; bitte wenden Sie sich an unseren Support.';
}

const NAV: [string, string][] = [
  [PORTAL, 'Übersicht'],
  [portalPath.jobs(), 'Stellenanzeigen'],
  [portalPath.newJob(), 'Neue Stellenanzeige'],
  [portalPath.shifts(), 'Einsätze'],
  [portalPath.timeRecords(), 'Arbeitszeiten'],
  [portalPath.monthlyReport(), 'Monatsbericht'],
  [portalPath.profile(), 'Unternehmensprofil'],
  [portalPath.applicants(), 'Bewerbungen'],
  [portalPath.candidates(), 'Bewerberdatenbank'],
  [portalPath.pool(), 'Pool'],
  [portalPath.team(), 'Team'],
];

export function PortalFrame({ title, children }: Props) {
  const member = useQuery(memberQueryOptions());
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const logout = useProviderLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  useEffect(() => setMenuOpen(false), [pathname]);
  usePageTitle(member.data?.kind === 'member' ? title : 'Login für Jobanbieter');

  if (member.isPending) return <PageLoading />;
  if (member.isError) throw member.error;
  const answer = member.data;
  if (answer.kind === 'signedOut') return <Navigate to={portalPath.signIn(pathname + search)} replace />;
  if (answer.kind === 'notProvider') {
    return (
      <div className={styles.narrow}>
        <h1>Login für Jobanbieter</h1>
        <p role="alert">{answer.message} Sie sind mit einem Konto angemeldet, das kein Jobanbieter-Konto ist.</p>
        <div className={form.row}>
          <button type="button" className={form.button} disabled={logout.isPending} onClick={() => logout.mutate(undefined, { onSettled: () => void navigate(portalPath.signIn()) })}>
            {logout.isPending ? 'Wird abgemeldet …' : 'Abmelden und als Jobanbieter anmelden'}
          </button>
          <Link className={form.secondary} to="/">Zum Bereich für Jobsuchende</Link>
        </div>
      </div>
    );
  }

  const reason = readOnlyReason(answer.member);
  return (
    <div className={styles.page}>
      <nav className={styles.nav} aria-label="Portal">
        <button type="button" className={styles.navToggle} aria-expanded={menuOpen} aria-controls={menuId} onClick={() => setMenuOpen((o) => !o)}>
          Portal-Menü
        </button>
        <div id={menuId} className={styles.navBody} data-open={menuOpen}>
          <p className={styles.org}>{answer.member.organization.name}</p>
          <ul>
            {NAV.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to} end>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
          <button type="button" className={form.secondary} disabled={logout.isPending} onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/recruiting') })}>
            {logout.isPending ? 'Wird abgemeldet …' : 'Abmelden'}
          </button>
        </div>
      </nav>
      <div className={styles.main}>
        {reason && (
          <p className={styles.notice} role="status">
            {reason}
          </p>
        )}
        <h1>{title}</h1>
        {children(answer.member)}
      </div>
    </div>
  );
}

// The account area's navigation, shared by every account page (profile and settings alike): all
// account routes of candidate-side.md section 2, grouped as a candidate thinks of them. On wide
// screens a side column; on phones folded under "Mein Konto: <this page>" and, unfolded, the
// groups' links wrapped to the screen's width (a bar of 18 links scrolled sideways ~2,950 px).
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useFeature } from '@/shared/lib/features';
import { BREAKPOINTS, useWindowWidth } from '@/shared/lib/use-window-width';
import styles from './account-nav.module.css';

export const ACCOUNT_NAV = [
  {
    title: 'Mein Profil',
    links: [
      { to: '/mein-dashboard', label: 'Dashboard' },
      { to: '/meine-sedcard', label: 'Meine Sedcard' },
      { to: '/meine-daten', label: 'Meine Daten' },
      { to: '/meine-bilder', label: 'Meine Bilder' },
      { to: '/meine-videos', label: 'Meine Videos' },
      { to: '/meine-dokumente', label: 'Meine Dokumente' },
    ],
  },
  {
    title: 'Jobs',
    links: [
      { to: '/meine-bewerbungen', label: 'Meine Bewerbungen' },
      { to: '/meine-einsaetze', label: 'Meine Einsätze' },
      { to: '/meine-arbeitszeitgrenzen', label: 'Meine Arbeitszeitgrenzen' },
      { to: '/meine-favoriten', label: 'Meine Favoriten' },
      { to: '/meine-job-alerts', label: 'Meine Job-Alerts' },
      { to: '/meine-bewertungen', label: 'Meine Bewertungen' },
    ],
  },
  {
    title: 'Abrechnung',
    links: [
      { to: '/mein-byll-account', label: 'Mein Abrechnungskonto' },
      { to: '/myInvoices', label: 'Meine Rechnungen' },
    ],
  },
  {
    title: 'Konto',
    links: [
      { to: '/meine-einstellungen', label: 'Einstellungen' },
      { to: '/meine-email-aendern', label: 'E-Mail-Adresse ändern' },
      { to: '/mein-passwort-aendern', label: 'Passwort ändern' },
      { to: '/meinen-account-loeschen', label: 'Konto löschen' },
    ],
  },
] as const;

export function AccountNav() {
  // Toggle videos off: no video page in the navigation.
  const videos = useFeature('videos');
  const wide = useWindowWidth() >= BREAKPOINTS.sm;
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  const links: readonly { to: string; label: string }[] = ACCOUNT_NAV.flatMap((g): readonly { to: string; label: string }[] => g.links);
  const here = links.find((link) => link.to === pathname)?.label;
  return (
    <nav aria-label="Mein Konto" className={styles.nav}>
      <details open={wide || open} onToggle={(event) => !wide && setOpen(event.currentTarget.open)}>
        <summary className={styles.summary}>
          Mein Konto{here ? `: ${here}` : ''}
        </summary>
        <div className={styles.groups}>
          {ACCOUNT_NAV.map((group) => (
            <div key={group.title} className={styles.group}>
              <p className={styles.title}>{group.title}</p>
              <ul>
                {group.links.filter((link) => videos || link.to !== '/meine-videos').map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </details>
    </nav>
  );
}

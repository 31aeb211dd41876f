// The account area's navigation, shared by every account page (profile and settings alike): all
// account routes of candidate-side.md section 2, grouped as a candidate thinks of them. On wide
// screens a side column; on phones folded under "Mein Konto: <this page>" and, unfolded, the
// groups' links wrapped to the screen's width (a bar of 18 links scrolled sideways ~2,950 px).
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useFeature } from '@/shared/lib/features';
import { BREAKPOINTS, useWindowWidth } from '@/shared/lib/use-window-width';
import { ACCOUNT_NAV, ACCOUNT_PAGES } from '../lib/account-pages';
import styles from './account-nav.module.css';

export function AccountNav() {
  // Toggle videos off: no video page in the navigation.
  const videos = useFeature('videos');
  const wide = useWindowWidth() >= BREAKPOINTS.sm;
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  const here = ACCOUNT_PAGES.find((link) => link.to === pathname)?.label;
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

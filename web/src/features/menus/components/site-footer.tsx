// The footer of both layouts: its columns (open on desktop, collapsed on phones — <details> keeps
// them usable by keyboard and without script), the social links of the menus data in the bottom row,
// the forum link and, in the last column, "Cookie-Einstellungen", which reopens the consent banner.
import { useEffect, useState } from 'react';
import { useHydrated } from '@/shared/lib/hydration';
import { BREAKPOINTS } from '@/shared/lib/use-window-width';
import type { FooterColumn, SocialLink } from '../lib/types';
import type { Audience } from '../lib/visible-count';
import { MenuLink } from './menu-link';
import { SocialLinks } from './social-links';
import styles from './site-footer.module.css';

type Props = { columns: FooterColumn[]; social: SocialLink[]; audience: Audience; onCookieSettings: () => void };

function useIsDesktop(): boolean {
  const query = `(min-width: ${BREAKPOINTS.sm}px)`;
  const hydrated = useHydrated();
  const [desktop, setDesktop] = useState(() => (typeof window === 'undefined' ? true : (window.matchMedia?.(query).matches ?? true)));
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setDesktop(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return hydrated ? desktop : true;   // a prerendered page is drawn (and hydrated) as on a desktop
}

export function SiteFooter({ columns, social, audience, onCookieSettings }: Props) {
  const desktop = useIsDesktop();
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        {columns.map((column, index) => {
          const last = index === columns.length - 1;
          return (
            // `key` with `desktop` re-creates the panels when the width class changes, so they
            // follow the default (open/closed) of the new width.
            <details key={`${column.title}-${desktop}`} className={styles.column} open={desktop}>
              <summary className={styles.summary}>{column.title}</summary>
              <ul className={styles.list}>
                {column.entries.map((entry, entryIndex) => (
                  <li key={entryIndex}>
                    <MenuLink entry={entry} audience={audience} className={styles.link} />
                  </li>
                ))}
                {last && (
                  <li>
                    <button type="button" className={styles.linkButton} onClick={onCookieSettings}>
                      Cookie-Einstellungen
                    </button>
                  </li>
                )}
              </ul>
            </details>
          );
        })}
      </div>
      <div className={styles.bottom}>
        {social.length > 0 && <SocialLinks links={social} className={styles.social} linkClassName={styles.link} />}
        <p className={styles.copyright}>
          © {new Date().getFullYear()} Jobhafen · Ortsdaten: GeoNames (CC BY 4.0)
        </p>
      </div>
    </footer>
  );
}
